import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Button, Card, Empty, Message, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconCheckCircleFill, IconCloseCircleFill, IconDelete, IconEdit, IconEye, IconPlus } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { session } from '../../session/session';
import '../locales/shellui';
import './pages.css';

interface Action {
  code: string;
  key: 'add' | 'edit' | 'delete' | 'view';
  icon: ReactNode;
}

/** The buttons the shell manifest declares for this page (core/schema/shell-manifest.ts). */
const actions: Action[] = [
  { code: 'test_add', key: 'add', icon: <IconPlus /> },
  { code: 'test_edit', key: 'edit', icon: <IconEdit /> },
  { code: 'test_delete', key: 'delete', icon: <IconDelete /> },
  { code: 'test_view', key: 'view', icon: <IconEye /> },
];

/**
 * /test/index: the permission map at work. The toolbar shows only the buttons the server granted (as
 * every list screen does); the table says which codes were granted; the user's codes and roles follow.
 */
const TestPage = observer(function TestPage() {
  const { t } = useTranslation();
  const granted = actions.filter((a) => session.can(a.code));
  const codes = [...session.permission].sort();

  const columns: TableColumnProps<Action>[] = [
    { title: t('test.action'), dataIndex: 'key', render: (key: Action['key']) => t(`test.${key}`) },
    { title: t('test.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    {
      title: t('test.granted'),
      dataIndex: 'code',
      key: 'granted',
      render: (code: string) =>
        session.can(code) ? (
          <Tag color="green" icon={<IconCheckCircleFill />}>
            {t('test.yes')}
          </Tag>
        ) : (
          <Tag color="gray" icon={<IconCloseCircleFill />}>
            {t('test.no')}
          </Tag>
        ),
    },
  ];

  return (
    <div className="ba-page">
      <Card className="ba-page-card" bordered={false} title={t('test.buttons')}>
        <p style={{ marginTop: 0, color: 'var(--color-text-3)' }}>{t('test.buttonsHint')}</p>
        {granted.length ? (
          <Space wrap style={{ marginBottom: 16 }}>
            {granted.map((a) => (
              <Button
                key={a.code}
                type={a.key === 'add' ? 'primary' : 'secondary'}
                status={a.key === 'delete' ? 'danger' : undefined}
                icon={a.icon}
                onClick={() => Message.info(t('test.clicked', { action: t(`test.${a.key}`), code: a.code }))}
              >
                {t(`test.${a.key}`)}
              </Button>
            ))}
          </Space>
        ) : (
          <Empty description={t('test.noButtons')} style={{ marginBottom: 16 }} />
        )}
        <Table<Action> rowKey="code" columns={columns} data={actions} pagination={false} size="small" />
      </Card>
      <Card className="ba-page-card" bordered={false} title={`${t('test.codes')} (${codes.length})`}>
        {codes.length ? (
          <div className="ba-code-list">
            {codes.map((code) => (
              <Tag key={code} color={code.startsWith('test_') ? 'arcoblue' : undefined}>
                {code}
              </Tag>
            ))}
          </div>
        ) : (
          <Empty description={t('test.noCodes')} />
        )}
      </Card>
      <Card className="ba-page-card" bordered={false} title={t('test.roles')}>
        {session.roles.length ? (
          <div className="ba-code-list">
            {session.roles.map((role) => (
              <Tag key={role} color="purple">
                {role}
              </Tag>
            ))}
          </div>
        ) : (
          <Empty description={t('test.noRoles')} />
        )}
      </Card>
    </div>
  );
});

export default TestPage;
