import { useRef, useState } from 'react';
import { Alert } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';
import { testConnection, type ConnectionSettings } from './api';

export type TestOutcome = { ok: true; product: string; ms: number } | { ok: false; reason: string };

/** A connection test at a time: its outcome and whether it runs. A test started later wins over one still under way. */
export function useConnectionTest() {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const round = useRef(0);
  const run = async (settings: ConnectionSettings): Promise<TestOutcome> => {
    const mine = ++round.current;
    setRunning(true);
    setOutcome(null);
    let result: TestOutcome;
    try {
      const answer = await testConnection(settings);
      result = { ok: true, ...answer };
    } catch (error) {
      result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (mine === round.current) {
      setOutcome(result);
      setRunning(false);
    }
    return result;
  };
  return { run, running, outcome, clear: () => setOutcome(null) };
}

/** The outcome said in words: the product and the time it took, or why it failed. */
export function useOutcomeText() {
  const { t } = useTranslation();
  return (outcome: TestOutcome) => (outcome.ok ? t('datasource.testOk', { product: outcome.product, ms: outcome.ms }) : t('datasource.testFailed', { reason: outcome.reason }));
}

/** The outcome inside the dialog, above the form: it stays until the next test or a change of the settings. */
export function ConnectionResult({ outcome, onClose }: { outcome: TestOutcome | null; onClose: () => void }) {
  const text = useOutcomeText();
  if (!outcome) return null;
  return (
    <div className="ds-test-result" role="status" data-testid="datasource-test-result">
      <Alert type={outcome.ok ? 'success' : 'error'} content={text(outcome)} closable onClose={onClose} />
    </div>
  );
}
