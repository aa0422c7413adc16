import type { RouterRoute } from 'hono/types';
import type { EntityDef } from '../../schema/entity';
import { entityRoute, type MountCrudOptions } from '../crud/mount';
import type { LocalText } from '../i18n';
import { describeEngineRoute, type EngineAction, type EngineRouteDoc } from './describe';

/**
 * Describes the endpoints `mountCrud` just mounted for an entity (`routes`: the route-table entries it
 * added), each as the engine action its path names: the list under its BladeX name (`list` or `page`), a
 * view as what it is a view of, the others by their own name.
 */
export function describeEngineRoutes(routes: readonly RouterRoute[], entity: EntityDef, options: MountCrudOptions = {}): void {
  const prefix = entityRoute(entity, '');
  const views = options.views ?? {};
  for (const route of routes) {
    if (!route.path.startsWith(prefix)) continue;
    const segment = route.path.slice(prefix.length);
    const view = Object.hasOwn(views, segment) ? views[segment] : undefined;
    const name = view ? view.of : segment === entity.api.list ? 'list' : segment;
    // An endpoint of a kind this does not know stays undescribed (the product's test names it) rather than described wrongly.
    if (!Object.hasOwn(OPERATION, name)) continue;
    const action = name as EngineAction;
    const doc: EngineRouteDoc = {
      entity,
      action,
      view: view ? segment : undefined,
      extraParams: Object.keys(options.params ?? {}),
      otherTenants: options.otherTenants,
      access: accessText(entity, action, options),
    };
    describeEngineRoute(route.handler, doc);
  }
}

const OPERATION: Record<EngineAction, 'read' | 'add' | 'edit' | 'delete' | 'options' | 'save'> = {
  list: 'read',
  'lazy-list': 'read',
  detail: 'read',
  tree: 'options',
  'lazy-tree': 'options',
  submit: 'save',
  save: 'add',
  update: 'edit',
  remove: 'delete',
};

/** Who may call the endpoint, when the engine's default rule decides it (a plugin's own rule is its own to say). */
function accessText(entity: EntityDef, action: EngineAction, options: MountCrudOptions): LocalText | undefined {
  if (options.allTenants) return { zh: '仅 000000 租户的管理员（超级管理员）', en: 'The super administrator only (an administrator of tenant 000000)' };
  const operation = OPERATION[action];
  const custom = (op: 'read' | 'add' | 'edit' | 'delete' | 'options') => options.authorize || options.access?.[op] || (op === 'options' && options.access?.read);
  if (operation === 'save') {
    if (custom('add') || custom('edit')) return undefined;
    return { zh: `权限 \`${entity.permission}_add\`（新增）或 \`${entity.permission}_edit\`（修改）`, en: `Permission \`${entity.permission}_add\` (add) or \`${entity.permission}_edit\` (edit)` };
  }
  if (custom(operation)) return undefined;
  if (operation === 'read' || operation === 'options') return { zh: `菜单 \`${entity.permission}\` 或其任一按钮`, en: `The menu \`${entity.permission}\` or any of its buttons` };
  return { zh: `权限 \`${entity.permission}_${operation}\``, en: `Permission \`${entity.permission}_${operation}\`` };
}
