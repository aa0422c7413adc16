import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconExport, IconPlus } from '@arco-design/web-react/icon';
import {
  confirmRemove,
  CrudDialog,
  CrudTable,
  CrudToolbar,
  type DialogState,
  type FormMode,
  type FormOverrides,
  http,
  invalidateResource,
  saveBlob,
  SearchForm,
  sortParams,
  useCrudList,
  useGranted,
  useTranslation,
} from '../../../../core/sdk/browser';
import { CertificateFileActions } from '../../file/actions';
import { PayActions } from '../../pay/actions';
import { ORDER_CODE } from '../codes';
import { certificateOrderEntity } from '../entity';
import { PAY } from '../states';
import { OrderDrawer } from './OrderDrawer';
import './order.css';

const entity = certificateOrderEntity;

/** What an order was paid for: not editable once it is no longer unpaid (the server refuses it too). */
const FIXED_ONCE_PAID = ['name', 'idNumber', 'mobile', 'certificateType', 'amount'];

const EDIT = `${ORDER_CODE.menu}_edit`;
const DELETE = `${ORDER_CODE.menu}_delete`;
const ADD = `${ORDER_CODE.menu}_add`;
const CODES = [ADD, EDIT, DELETE, ORDER_CODE.export, ORDER_CODE.viewSensitive, ORDER_CODE.view, ORDER_CODE.refund, ORDER_CODE.query, ORDER_CODE.close, ORDER_CODE.ship, ORDER_CODE.file] as const;

/**
 * The most icons a row shows the user: edit and delete, the payment actions of the busiest state (an
 * unpaid order: query, simulate, close; a paid one: refund, query, ship), the certificate's make and
 * preview. The details open from the order number. A column as wide as they need: a viewer's rows keep
 * the room for the columns.
 */
function rowIcons(can: (code: string) => boolean): number {
  const has = (code: string) => (can(code) ? 1 : 0);
  const unpaid = 2 * has(ORDER_CODE.query) + has(ORDER_CODE.close);
  const paid = has(ORDER_CODE.refund) + has(ORDER_CODE.query) + has(ORDER_CODE.ship);
  return has(EDIT) + has(DELETE) + Math.max(unpaid, paid) + has(ORDER_CODE.file) + has(ORDER_CODE.view);
}

/** `20240131`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * /certificate/order (证书订单): the orders with their payment and shipping states as tags and the ID
 * numbers as the server answers them (masked without the sensitive code); 新增 and 删除 in the toolbar
 * and 导出, the server's workbook of every order the filters match; the order number opens the details
 * drawer (the order and its payment history); per row edit, delete, the payment actions and the
 * certificate file. Each control shows only with its permission code; the server checks them again.
 */
export default observer(function OrderPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity });
  const can = useGranted(CODES);
  const icons = rowIcons(can);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [drawer, setDrawer] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const refresh = () => void invalidateResource(entity);
  const remove = (ids: readonly string[]) => confirmRemove({ entity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });

  const exportOrders = () =>
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('certificate.order.exportConfirm'),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await http.download('POST', `${entity.api.base}/export`, undefined, { params: { ...list.filters, ...sortParams(entity, list.sort) } });
          saveBlob(blob, `${t('certificate.order.exportName')}-${today()}.xlsx`);
        } catch {
          // the toast said why
        } finally {
          setExporting(false);
        }
      },
    });

  // A caller shown masked ID numbers cannot send one back: the edit form leaves the field out, and the
  // server keeps the stored number. Once paid, what the order was paid for is shown, not editable.
  const seesIdNumbers = can(ORDER_CODE.viewSensitive);
  const form = useMemo(
    () =>
      (mode: FormMode): FormOverrides => ({
        fields: mode === 'edit' && !seesIdNumbers ? Object.keys(entity.fields).filter((name) => name !== 'idNumber') : undefined,
        dynamic: (_values, loaded) => ({ disabled: mode === 'edit' && loaded.payState !== undefined && Number(loaded.payState) !== PAY.unpaid ? FIXED_ONCE_PAID : [] }),
      }),
    [seesIdNumbers],
  );

  const icon = (key: string, label: string, glyph: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip key={key} content={label} mini>
      <Button type="text" size="mini" status={danger ? 'danger' : undefined} icon={glyph} onClick={onClick} aria-label={label} />
    </Tooltip>
  );
  const actions = (row: (typeof list.rows)[number]) => (
    <div className="cert-order-actions">
      {can(EDIT) ? icon('edit', t('crud.edit'), <IconEdit />, () => setDialog({ mode: 'edit', id: row.id })) : null}
      {can(DELETE) ? icon('delete', t('crud.delete'), <IconDelete />, () => row.id && remove([row.id]), true) : null}
      <PayActions order={row} onChanged={refresh} />
      <CertificateFileActions order={row} onChanged={refresh} />
    </div>
  );

  return (
    <div className="ba-crud cert-order-page">
      <SearchForm entity={entity} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} />
      {/* The export is the server's (every matching order, its own permission, masked as the list): no second one here. */}
      <CrudToolbar list={list} exportable={false}>
        {can(ADD) ? (
          <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ mode: 'add' })}>
            {t('crud.add')}
          </Button>
        ) : null}
        {can(DELETE) ? (
          <Button status="danger" icon={<IconDelete />} onClick={() => remove(list.selectedKeys)}>
            {t('crud.delete')}
          </Button>
        ) : null}
        {can(ORDER_CODE.export) ? (
          <Button icon={<IconExport />} loading={exporting} onClick={exportOrders}>
            {t('certificate.order.export')}
          </Button>
        ) : null}
      </CrudToolbar>
      {/* No row numbers: the order number names a row, and the columns need the room. */}
      <CrudTable
        list={list}
        index={false}
        selection={can(DELETE)}
        actions={icons > 0 ? actions : undefined}
        actionsWidth={Math.max(88, 32 + icons * 26)}
        cells={{
          // Whoever sees the list may open an order's details (the same read): the order number opens them.
          orderNo: (_value, row, text) => (
            <button type="button" className="cert-order-no" title={t('certificate.order.openDetail', { orderNo: text })} onClick={() => row.id && setDrawer(row.id)}>
              {text}
            </button>
          ),
        }}
      />
      <CrudDialog entity={entity} state={dialog} onClose={() => setDialog(null)} form={form} />
      <OrderDrawer orderId={drawer} onClose={() => setDrawer(null)} />
    </div>
  );
});
