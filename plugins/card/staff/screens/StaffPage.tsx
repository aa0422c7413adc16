import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Tooltip } from '@arco-design/web-react';
import { IconCheckCircle, IconImport, IconQrcode, IconUserAdd } from '@arco-design/web-react/icon';
import { CrudPage, http, invalidateResource, type RowOf, toastSuccess, useCrudList, useGranted, useTranslation } from '../../../../core/sdk/browser';
import { ENABLED } from '../../company/entity';
import { staffEntity } from '../entity';
import { StaffImportDialog } from './ImportDialog';
import { PhoneUserDialog, type PhoneUser } from './PhoneUserDialog';
import { QrCodeDialog, type QrCodeTarget } from './QrCodeDialog';
import { staffCells } from './cells';
import './staff.css';

type StaffRow = RowOf<typeof staffEntity>;

/** The codes of the screen's own actions (the standard ones are the kit's). */
const CODES = ['staff_import', 'staff_default', 'staff_phone_user'] as const;

/**
 * /card/staff (员工信息): the kit's list screen of the staff, with their avatars, company, default tag and
 * linked account; per row 设为默认 (an enabled card not yet its company's default), 开通账号 (a card
 * without an account) and 名片二维码; 导入 in the toolbar. Each control shows with its permission code;
 * the server checks them again.
 */
export default observer(function StaffPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: staffEntity });
  const can = useGranted(CODES);
  const [qr, setQr] = useState<QrCodeTarget | null>(null);
  const [made, setMade] = useState<PhoneUser | null>(null);
  const [importing, setImporting] = useState(false);

  const setDefault = (row: StaffRow) =>
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('card.staff.setDefaultConfirm', { name: row.name ?? '' }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/staff/info/defaultStaff', undefined, { params: { id: row.id } });
        } catch {
          return; // the toast said why
        }
        toastSuccess(t('card.staff.setDefaultDone'));
        void invalidateResource(staffEntity);
      },
    });

  const addPhoneUser = (row: StaffRow) =>
    Modal.confirm({
      title: t('card.staff.phoneUser'),
      content: t('card.staff.phoneUserConfirm', { name: row.name ?? '', mobile: row.mobile ?? '' }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          const res = await http.post<PhoneUser>('/api/staff/info/addPhoneUser', { id: row.id });
          setMade(res.data);
        } catch {
          return; // the toast said why
        }
        void invalidateResource(staffEntity);
      },
    });

  const action = (key: string, label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip key={key} content={label} mini>
      <Button type="text" size="mini" icon={icon} onClick={onClick} aria-label={label} data-testid={`staff-${key}`} />
    </Tooltip>
  );
  const extraActions = (row: StaffRow) => (
    <>
      {can('staff_default') && row.isDefault !== 1 && row.status === ENABLED ? action('default', t('card.staff.setDefault'), <IconCheckCircle />, () => setDefault(row)) : null}
      {can('staff_phone_user') && !row.userAccount ? action('phone-user', t('card.staff.phoneUser'), <IconUserAdd />, () => addPhoneUser(row)) : null}
      {action('qrcode', t('card.staff.qrcode'), <IconQrcode />, () => row.id && setQr({ id: row.id, name: row.name ?? '', cardUrl: row.cardUrl ?? '' }))}
    </>
  );

  return (
    <>
      <CrudPage
        entity={staffEntity}
        list={list}
        iconActions
        extraActionsWidth={3 * 28}
        extraRowActions={extraActions}
        table={{ cells: staffCells(t) }}
        toolbar={() =>
          can('staff_import') ? (
            <Button icon={<IconImport />} onClick={() => setImporting(true)} data-testid="staff-import-open">
              {t('card.staff.import')}
            </Button>
          ) : null
        }
      />
      <QrCodeDialog target={qr} onClose={() => setQr(null)} />
      <PhoneUserDialog made={made} onClose={() => setMade(null)} />
      <StaffImportDialog visible={importing} onClose={() => setImporting(false)} onImported={() => void invalidateResource(staffEntity)} />
    </>
  );
});
