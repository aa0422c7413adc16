import type { ReactNode } from 'react';
import { Button, Modal } from '@arco-design/web-react';
import { http, nextStates, toastSuccess, useTranslation, type StateMachine } from '../../core/sdk/browser';

export interface StateMoveActionsProps {
  machine: StateMachine;
  /** The row's id and its state now. */
  id: string;
  from: number;
  /** The status call: `POST <url>?id=&status=`. */
  url: string;
  /** The button moving to a state (通过, 开放报名…). */
  actionLabel: (to: number) => string;
  /** The confirmation's question about moving to a state. */
  question: (to: number) => ReactNode;
  /** What the success toast says once the row is in a state. */
  done: (to: number) => string;
  /** Moves that undo or turn something down: shown in red. */
  danger?: readonly number[];
  /** After a move succeeded (reload what it changed). */
  onMoved: () => void;
  /** `data-testid` of each button: `<prefix>-<to>`. */
  testId: string;
}

/**
 * The moves a row's state allows, one button each, in the order the machine declares them. Each asks
 * first, then calls the status route; a refusal (a full course, a state that changed meanwhile) is the
 * server's message in the error toast, and the list is reloaded either way so it shows the state as it is.
 */
export function StateMoveActions({ machine, id, from, url, actionLabel, question, done, danger = [], onMoved, testId }: StateMoveActionsProps) {
  const { t } = useTranslation();
  const ask = (to: number) =>
    Modal.confirm({
      title: actionLabel(to),
      content: question(to),
      okText: actionLabel(to),
      cancelText: t('crud.cancel'),
      okButtonProps: danger.includes(to) ? { status: 'danger' } : undefined,
      onOk: async () => {
        try {
          await http.post(url, undefined, { params: { id, status: to } });
        } catch {
          onMoved();
          return; // the toast said why
        }
        toastSuccess(done(to));
        onMoved();
      },
    });
  return (
    <>
      {nextStates(machine, from).map((to) => (
        <Button key={to} type="text" size="mini" status={danger.includes(to) ? 'danger' : undefined} onClick={() => ask(to)} data-testid={`${testId}-${to}`}>
          {actionLabel(to)}
        </Button>
      ))}
    </>
  );
}
