import { Alert, Button } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { RecordDialog, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';
import { copyText } from './copy';

/** What `addPhoneUser` answers: the new account and its initial password, given this once. */
export interface PhoneUser {
  userId: string;
  account: string;
  password: string;
  /** The role given ('': the tenant has no ordinary users' role; the user needs one to sign in). */
  roleName: string;
}

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="card-staff-secret-label">{label}</span>
      <span className="card-staff-secret-value" data-testid={testId}>
        {value}
      </span>
      <Button size="small" icon={<IconCopy />} onClick={() => void copyText(value)} aria-label={`${t('card.staff.copy')} ${label}`}>
        {t('card.staff.copy')}
      </Button>
    </>
  );
}

function PhoneUserBody({ made, onClose }: { made: PhoneUser; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRecordDialog<PhoneUser>({ initial: made, onClose });
  return (
    <RecordDialog
      dialog={dialog}
      title={t('card.staff.phoneUserTitle')}
      width={480}
      className="card-staff-phone-user"
      footer={
        <Button type="primary" onClick={onClose}>
          {t('crud.close')}
        </Button>
      }
    >
      {(user) => (
        <>
          <Alert type="warning" content={t('card.staff.phoneUserHint')} />
          <div className="card-staff-secret">
            <Secret label={t('card.staff.account')} value={user.account} testId="phone-user-account" />
            <Secret label={t('card.staff.password')} value={user.password} testId="phone-user-password" />
          </div>
          {user.roleName ? (
            <p className="card-staff-role">{t('card.staff.roleGiven', { role: user.roleName })}</p>
          ) : (
            <Alert className="card-staff-role" type="info" content={t('card.staff.noRole')} />
          )}
        </>
      )}
    </RecordDialog>
  );
}

/** The account just made for a staff member and its initial password, each with a copy button. Shown once. */
export function PhoneUserDialog({ made, onClose }: { made: PhoneUser | null; onClose: () => void }) {
  return made ? <PhoneUserBody made={made} onClose={onClose} /> : null;
}
