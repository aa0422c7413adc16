import { Form } from '@arco-design/web-react';
import { RecordDialog, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';
import { GRANT_STATE } from '../grant-states';
import { chosenDays, DaysField, type DaysValues } from './DaysField';
import { decide, type Grant, visitorName } from './grants';

export interface GrantDaysDialogProps {
  /** The request (or refused, or expired grant) to grant. */
  grant: Grant;
  onClose: () => void;
}

/**
 * 同意 / 续期: grants a visitor the attachment for some days (`save/authorizationVisit` with the grant's
 * id). A refused save (the row moved meanwhile) keeps the dialog open with the choice made.
 */
export function GrantDaysDialog({ grant, onClose }: GrantDaysDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DaysValues>();
  const renewing = grant.state === GRANT_STATE.expired;
  const dialog = useRecordDialog<DaysValues, number>({
    initial: { preset: grant.days && [1, 7, 30].includes(grant.days) ? grant.days : 7 },
    prepare: async () => chosenDays(await form.validate()),
    save: (days) => decide({ id: grant.id, state: GRANT_STATE.granted, days }),
    success: t('visit.attach.done'),
    onClose,
  });
  return (
    <RecordDialog
      dialog={dialog}
      title={t(renewing ? 'visit.attach.renewTitle' : 'visit.attach.grantTitle', { visitor: visitorName(grant) })}
      width={520}
      saveLabel={t(renewing ? 'visit.attach.renew' : 'visit.attach.grant')}
      testId="grant-days-save"
      // Enter in the number field grants; the radio buttons keep Enter for themselves.
      submitOnEnter={(event) => event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT' && (event.target as HTMLInputElement).type !== 'radio'}
    >
      {(initial) => (
        <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} initialValues={initial} className="ba-attach-days-form">
          <DaysField />
        </Form>
      )}
    </RecordDialog>
  );
}
