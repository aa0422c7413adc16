import { Button, Modal } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';
import './register.css';

/** What the batch approval answers: how many passed, and each refusal with its reason. */
export interface BatchResult {
  passed: number;
  /** Ids that named no registration (removed meanwhile). */
  missing: number;
  refused: { id: string; name: string; reason: string }[];
}

/** 批量通过结果: the count approved, then every registration not approved with the server's reason. */
export function BatchResultDialog({ result, onClose }: { result: BatchResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={result !== null}
      title={t('course.register.batchResultTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          {t('course.register.close')}
        </Button>
      }
      unmountOnExit
    >
      {result ? (
        <div className="course-batch-result" data-testid="register-batch-result">
          <p className="course-batch-passed">{t('course.register.batchPassed', { count: result.passed })}</p>
          {result.missing > 0 ? <p>{t('course.register.batchMissing', { count: result.missing })}</p> : null}
          {result.refused.length > 0 ? (
            <>
              <p>{t('course.register.batchRefused', { count: result.refused.length })}</p>
              <ul className="course-batch-refused">
                {result.refused.map((r) => (
                  <li key={r.id}>
                    {r.name ? <strong className="course-batch-name">{r.name}</strong> : null}
                    <span>{r.reason}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
