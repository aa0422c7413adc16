import { useMemo } from 'react';
import { Button, Form, Input, Tag, TreeSelect } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CrudPage, type DynamicFields, IconPicker, MenuIcon, query, resourceKey, type Row, useCrudCan, useCrudList, useQuery, useTranslation } from '../../../core/sdk/browser';
import { BUTTON, MENU, menuEntity } from '../index';
import './menu.css';

/** A node of `menu/tree` (the menus, for the parent selector). */
interface MenuTreeNode {
  key: string;
  title: string;
  titleEn?: string;
  children?: MenuTreeNode[];
}

interface SelectNode {
  key: string;
  title: string;
  disabled?: boolean;
  children?: SelectNode[];
}

/** The tree in the current language; the row itself and what is below it cannot be its parent. */
function selectable(nodes: readonly MenuTreeNode[], en: boolean, self: string | undefined, inside = false): SelectNode[] {
  return nodes.map((node) => {
    const mine = inside || node.key === self;
    return {
      key: node.key,
      title: en && node.titleEn ? node.titleEn : node.title,
      ...(mine ? { disabled: true } : {}),
      ...(node.children?.length ? { children: selectable(node.children, en, self, mine) } : {}),
    };
  });
}

/** The menus for the parent selector: read when a dialog opens (and again after a menu is saved). */
const menuTreeQuery = query(resourceKey(menuEntity), `${resourceKey(menuEntity)}/tree`, { select: (data): MenuTreeNode[] => (Array.isArray(data) ? (data as MenuTreeNode[]) : []) });

const NO_NODES: MenuTreeNode[] = [];

/** The parent: '顶级' or a menu of `menu/tree`. */
function ParentSelect({ value, onChange, disabled }: { value?: unknown; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { form } = Form.useFormContext();
  const self = form?.getFieldValue('id') as string | undefined;
  const tree = useQuery(menuTreeQuery);
  // A failure: the toast said why; the top level is still offered.
  const nodes = tree.failed ? NO_NODES : (tree.data ?? null);
  const data = useMemo(() => [{ key: '0', title: t('menu.top') }, ...selectable(nodes ?? [], i18n.language === 'en', self)], [nodes, i18n.language, self, t]);
  return (
    <TreeSelect
      treeData={data}
      value={value === undefined || value === null || value === '' ? '0' : String(value)}
      onChange={(next) => onChange?.(next === undefined || next === null ? '0' : String(next))}
      loading={nodes === null}
      disabled={disabled}
      showSearch
      filterTreeNode={(input: string, node: { props: { title?: unknown } }) => String(node.props.title ?? '').toLowerCase().includes(input.toLowerCase())}
      placeholder={t('menu.parentSearch')}
      dropdownMenuStyle={{ maxHeight: 320 }}
    />
  );
}

/** Who declared the row (read-only), with what that means for edits. */
function PluginNote({ value }: { value?: unknown }) {
  const { t } = useTranslation();
  const plugin = value ? String(value) : '';
  return (
    <div className="ba-menu-plugin">
      <Input value={plugin} disabled readOnly aria-readonly />
      {plugin ? <div className="ba-menu-plugin-note">{t('menu.declaredBy', { plugin })}</div> : null}
    </div>
  );
}

const FORM_FIELDS = ['parentId', 'name', 'nameEn', 'code', 'alias', 'category', 'path', 'source', 'action', 'isOpen', 'sort', 'remark', 'plugin'];

/**
 * A menu needs a route, a button does not; a button's position is offered for buttons, the new window for
 * menus; a row declared by a plugin keeps its code and category (the server says so too).
 */
function dynamicFields(values: Row, loaded: Row): DynamicFields {
  const button = Number(values.category ?? loaded.category ?? MENU) === BUTTON;
  const declared = Boolean(loaded.plugin);
  return {
    required: button ? [] : ['path'],
    hidden: [button ? 'isOpen' : 'action', ...(declared ? [] : ['plugin'])],
    disabled: declared ? ['code', 'category', 'plugin'] : [],
  };
}

/**
 * /system/menu: menus and buttons as a tree table loaded level by level (`lazy-list`), search on name,
 * code and alias; add a root or a child under a menu, edit / view / delete (the super administrator's
 * codes); the parent chosen from the menu tree, the icon from the shell's icons.
 */
export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const can = useCrudCan(menuEntity);
  const en = i18n.language === 'en';
  const list = useCrudList({ entity: menuEntity, action: 'lazy-list', lazy: true });
  const fresh = (parentId: unknown): Row => ({ parentId: String(parentId ?? '0') });

  return (
    <CrudPage
      entity={menuEntity}
      list={list}
      className="ba-menu-page"
      rowActions={['view', 'edit', 'delete']}
      searchFields={['name', 'code', 'alias']}
      newRow={() => fresh('0')}
      table={{
        tree: true,
        columns: ['name', 'code', 'alias', 'source', 'path', 'category', 'sort', 'plugin'],
        cells: {
          name: (_value, row, text) => (en && row.nameEn ? String(row.nameEn) : text),
          source: (value) =>
            value ? (
              <span className="ba-menu-icon">
                <MenuIcon name={String(value)} />
                <span>{String(value)}</span>
              </span>
            ) : (
              ''
            ),
          category: (value, _row, text) => (
            <Tag size="small" color={Number(value) === BUTTON ? 'green' : 'arcoblue'}>
              {text}
            </Tag>
          ),
          plugin: (value) => (value ? <Tag size="small">{String(value)}</Tag> : <span className="ba-menu-own">{t('menu.own')}</span>),
        },
      }}
      dialog={{
        form: { fields: FORM_FIELDS, show: ['parentId', 'plugin'], controls: { parentId: <ParentSelect />, source: <IconPicker />, plugin: <PluginNote /> }, dynamic: dynamicFields },
        beforeSave: (body) => ({ ...body, parentId: body.parentId ? String(body.parentId) : '0' }),
      }}
      extraActionsWidth={96}
      extraRowActions={(row, { open }) =>
        // Called inside the list's observer: the permission is tracked.
        can('add') && row.id && Number(row.category) === MENU ? (
          <Button type="text" size="mini" icon={<IconPlus />} onClick={() => open({ mode: 'add', initial: fresh(row.id) })}>
            {t('menu.addChild')}
          </Button>
        ) : null
      }
    />
  );
}
