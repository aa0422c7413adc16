import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Button, Empty, Message, Modal, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconUpload } from '@arco-design/web-react/icon';
import { errorLog, type ErrorLogEntry } from '../../errorlog/errorlog';
import '../locales/shellui';
import './topbar.css';

type Row = ErrorLogEntry & { key: number };

/**
 * The local error log: type, url, message, time, with the stack in an expandable row; the log
 * can be uploaded to the server or cleared, each after a confirmation.
 */
export const ErrorLogDialog = observer(function ErrorLogDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: Row[] = errorLog.list.map((entry, key) => ({ ...entry, key }));
  const empty = rows.length === 0;

  const columns: TableColumnProps<Row>[] = [
    { title: t('logs.type'), dataIndex: 'type', width: 90, render: (v: string) => <Tag color="red">{v}</Tag> },
    { title: t('logs.url'), dataIndex: 'url', width: 220, ellipsis: true },
    { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
    { title: t('logs.time'), dataIndex: 'time', width: 180 },
  ];

  const upload = () =>
    Modal.confirm({
      title: t('logs.tip'),
      content: t('logs.uploadConfirm'),
      onOk: async () => {
        try {
          await errorLog.send();
          Message.success(t('logs.sent'));
        } catch {
          // The HTTP pipeline has shown why; the log stays for another try.
        }
      },
    });

  const clear = () =>
    Modal.confirm({
      title: t('logs.tip'),
      content: t('logs.clearConfirm'),
      onOk: () => {
        errorLog.clear();
        Message.success(t('logs.cleared'));
      },
    });

  return (
    <Modal
      visible={visible}
      title={t('logs.title')}
      footer={null}
      onCancel={onClose}
      style={{ width: 880, maxWidth: 'calc(100vw - 32px)' }}
      unmountOnExit
    >
      <div className="ba-log-toolbar">
        <Button type="primary" icon={<IconUpload />} loading={errorLog.sending} disabled={empty} onClick={upload}>
          {t('logs.upload')}
        </Button>
        <Button status="danger" icon={<IconDelete />} disabled={empty} onClick={clear}>
          {t('logs.clear')}
        </Button>
      </div>
      <Table<Row>
        rowKey="key"
        columns={columns}
        data={rows}
        pagination={rows.length > 10 ? { pageSize: 10, sizeCanChange: false } : false}
        expandedRowRender={(row) => (
          <pre className="ba-log-stack">{[row.stack, row.info].filter(Boolean).join('\n\n') || '-'}</pre>
        )}
        noDataElement={<Empty description={t('logs.empty')} />}
        scroll={{ x: 700 }}
      />
    </Modal>
  );
});
