import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, Message } from '@arco-design/web-react';
import { IconPlus, IconSafe } from '@arco-design/web-react/icon';
import { CrudPage, type Row, type RowOf, useCan, useCrudCan, useCrudList, useKernel, useTranslation } from '../../../core/sdk/browser';
import { roleEntity } from '../index';
import { GrantDialog, type GrantTarget } from './GrantDialog';
import './role.css';

const ADMINISTRATOR = 'administrator';

type RoleRow = RowOf<typeof roleEntity>;

/** Every row of a tree, depth first. */
function flatten<R extends Row>(rows: readonly R[]): R[] {
  return rows.flatMap((row) => [row, ...flatten(Array.isArray(row.children) ? (row.children as R[]) : [])]);
}

/** The parent shown by its name ('顶级' for a root); never editable here. */
function ParentName({ value, names, top }: { value?: unknown; names: ReadonlyMap<string, string>; top: string }) {
  const id = value === undefined || value === null || value === '' ? '0' : String(value);
  return <Input value={id === '0' ? top : (names.get(id) ?? id)} disabled readOnly aria-readonly />;
}

/**
 * /authority/role: the roles of the tenant as a tree table (`role/list`), search on name and alias; add a
 * root or a child under a row, edit / view / delete, and 权限设置 (the grant dialog) for the selected roles
 * or one row, each by its permission code. The super administrator's role is left to the super
 * administrator (the server refuses the others too).
 */
const RolePage = observer(function RolePage() {
  const { session } = useKernel();
  const { t } = useTranslation();
  const list = useCrudList({ entity: roleEntity, action: 'list', paged: false });
  const rows = useMemo(() => flatten(list.rows), [list.rows]);
  const names = useMemo(() => new Map(rows.map((row) => [row.id ?? '', row.roleName ?? ''])), [rows]);
  const [grantTarget, setGrantTarget] = useState<GrantTarget | null>(null);
  const fresh = (parentId: unknown): Row => ({ parentId: String(parentId ?? '0') });
  const administrator = session.roles.includes(ADMINISTRATOR);
  const mayGrant = useCan('role_grant').can;
  const mayAdd = useCrudCan(roleEntity)('add');
  const grantable = (row: RoleRow) => administrator || row.roleAlias !== ADMINISTRATOR;

  const openGrant = (chosen: readonly RoleRow[]) => {
    if (chosen.length === 0) {
      Message.warning({ id: 'role:select-one', content: t('crud.selectOne') });
      return;
    }
    if (!chosen.every(grantable)) {
      Message.warning({ id: 'role:administrator', content: t('role.administratorOnly') });
      return;
    }
    setGrantTarget({ ids: chosen.map((row) => row.id ?? ''), names: chosen.map((row) => row.roleName ?? '') });
  };

  return (
    <>
      <CrudPage
        entity={roleEntity}
        list={list}
        rowActions={['view', 'edit', 'delete']}
        searchFields={['roleName', 'roleAlias']}
        newRow={() => fresh('0')}
        table={{ tree: true, columns: ['roleName', 'roleAlias', 'sort'] }}
        bulk={mayGrant}
        extraActionsWidth={(mayAdd ? 100 : 0) + (mayGrant ? 100 : 0)}
        dialog={{
          form: {
            fields: ['parentId', 'roleName', 'roleAlias', 'sort'],
            show: ['parentId'],
            disabled: ['parentId'],
            controls: { parentId: <ParentName names={names} top={t('role.top')} /> },
          },
          beforeSave: (body, _mode, loaded) => ({ ...body, parentId: String(loaded.parentId ?? body.parentId ?? '0') }),
        }}
        toolbar={() =>
          mayGrant ? (
            <Button icon={<IconSafe />} onClick={() => openGrant(rows.filter((row) => list.selectedKeys.includes(row.id ?? '')))}>
              {t('role.grant')}
            </Button>
          ) : null
        }
        extraRowActions={!mayAdd && !mayGrant ? undefined : (row, { open }) => (
          <>
            {mayAdd && row.id ? (
              <Button type="text" size="mini" icon={<IconPlus />} onClick={() => open({ mode: 'add', initial: fresh(row.id) })}>
                {t('role.addChild')}
              </Button>
            ) : null}
            {mayGrant && row.id && grantable(row) ? (
              <Button type="text" size="mini" icon={<IconSafe />} onClick={() => openGrant([row])}>
                {t('role.grant')}
              </Button>
            ) : null}
          </>
        )}
      />
      <GrantDialog target={grantTarget} onClose={() => setGrantTarget(null)} />
    </>
  );
});

export default RolePage;
