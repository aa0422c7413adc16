import { useState, type ReactNode } from 'react';
import { Alert, Form } from '@arco-design/web-react';
import { RecordDialog, useRecordDialog } from '../../../core/sdk/browser';
import { refusalOf } from './api';

export interface FormDialogProps<V, P> {
  title: string;
  width: number;
  saveLabel: string;
  testId: string;
  /** The form's class. */
  className: string;
  initial: V;
  /** What is sent, from the validated values. */
  read: (values: V) => P;
  send: (prepared: P) => Promise<unknown>;
  /** Said once sent. */
  success: string;
  onDone: () => void;
  onClose: () => void;
  /** Shown above the form (the figures a refund starts from). */
  intro?: ReactNode;
  /** The form's items. */
  children: ReactNode;
}

/**
 * The frame of an order action that sends a small form to the payment provider (a refund, a shipment):
 * the kit's record dialog around a vertical form, and the server's refusal (the provider saying no, an
 * amount too large) shown in the dialog itself rather than only in a passing toast, the form kept as typed.
 */
export function FormDialog<V, P>({ title, width, saveLabel, testId, className, initial, read, send, success, onDone, onClose, intro, children }: FormDialogProps<V, P>) {
  const [form] = Form.useForm<V>();
  const [refusal, setRefusal] = useState('');
  const dialog = useRecordDialog<V, P>({
    initial,
    prepare: async () => read(await form.validate()),
    save: async (prepared) => {
      setRefusal('');
      try {
        await send(prepared);
      } catch (error) {
        setRefusal(refusalOf(error));
        throw error;
      }
    },
    success,
    onSaved: onDone,
    onClose,
  });
  return (
    <RecordDialog dialog={dialog} title={title} width={width} saveLabel={saveLabel} testId={testId}>
      {(values) => (
        <>
          {intro}
          <Form form={form} layout="vertical" initialValues={values} className={className}>
            {children}
          </Form>
          {refusal ? (
            <div role="alert" data-testid="pay-refusal">
              <Alert type="error" content={refusal} />
            </div>
          ) : null}
        </>
      )}
    </RecordDialog>
  );
}
