import type { EntityDef } from '../../schema/entity';
import { sortableColumns, entityFields } from '../crud/columns';
import type { LocalText } from '../i18n';
import type { Components } from './components';
import type { EngineRouteDoc } from './describe';
import { filterParameters } from './entity-schemas';
import type { OperationParts } from './operation';
import type { Parameter } from './types';

type Texts = (text: LocalText) => string;

const TEXT = {
  current: { zh: '页码，从 1 开始（默认 1）', en: 'Page number, from 1 (default 1)' },
  size: { zh: '每页行数（默认 10，最多 500）', en: 'Rows per page (default 10, at most 500)' },
  searchCount: { zh: 'false：不统计总数（调用方已有总数；total 为 0）', en: 'false: no count (the caller has the total already; total is then 0)' },
  afterId: { zh: '上一页最后一行的主键：返回其后的行（深翻页更快）', en: "Id of the previous page's last row: the rows after it (fast deep pages)" },
  ascs: { zh: '升序排列的字段，逗号分隔', en: 'Fields to sort ascending, comma-joined' },
  descs: { zh: '降序排列的字段，逗号分隔', en: 'Fields to sort descending, comma-joined' },
  sortable: { zh: '可用', en: 'allowed' },
  tenantId: { zh: '租户编号：仅 000000 租户的管理员可查看或修改其他租户的数据，其他人传入时忽略', en: "Tenant id: only an administrator of tenant 000000 may address another tenant's rows; anyone else's is ignored" },
  parentId: { zh: '上级主键（不传或 0 为顶级）', en: 'Id of the parent (absent or 0: the top level)' },
  id: { zh: '主键', en: 'Id' },
  ids: { zh: '主键，逗号分隔（最多 1000 个）；也可放在 JSON 体 `{ "ids": "…" }` 或表单中', en: 'Ids, comma-joined (at most 1000); also accepted in a JSON body `{ "ids": "…" }` or a form' },
  extra: { zh: '附加条件', en: 'Additional condition' },
  access: { zh: '调用权限', en: 'Who may call it' },
  view: { zh: '同列表，另加本视图的条件', en: "The list again, narrowed by this view's own condition" },
  filters: { zh: '未知的查询键或字段不支持的运算符返回 400', en: 'An unknown key, or an operator the field does not accept, answers 400' },
  ok: { zh: '成功时 data 为 null', en: 'On success data is null' },
} satisfies Record<string, LocalText>;

function summary(entity: EntityDef, doc: EngineRouteDoc): LocalText {
  const l = entity.label;
  const tree = !!entity.tree;
  switch (doc.action) {
    case 'list':
      return tree ? { zh: `${l.zh}树形列表`, en: `${l.en}: the whole tree` } : { zh: `${l.zh}分页列表`, en: `${l.en}: paged list` };
    case 'lazy-list':
      return { zh: `${l.zh}懒加载列表（一层）`, en: `${l.en}: one level of the tree` };
    case 'tree':
      return { zh: `${l.zh}树（选项）`, en: `${l.en}: tree of choices` };
    case 'lazy-tree':
      return { zh: `${l.zh}懒加载树（一层选项）`, en: `${l.en}: one level of choices` };
    case 'detail':
      return { zh: `${l.zh}详情`, en: `${l.en}: detail` };
    case 'submit':
      return { zh: `新增或修改${l.zh}`, en: `${l.en}: add or edit` };
    case 'save':
      return { zh: `新增${l.zh}`, en: `${l.en}: add` };
    case 'update':
      return { zh: `修改${l.zh}`, en: `${l.en}: edit` };
    case 'remove':
      return { zh: `删除${l.zh}`, en: `${l.en}: remove` };
  }
}

const query = (name: string, description: string, schema: Parameter['schema'], required = false): Parameter => ({ name, in: 'query', description, required, schema });

/** `current` and `size` of a paged list; the engine's also take `searchCount` and `afterId` (its repository's page). */
export function pagingParameters(t: Texts, engine = false): Parameter[] {
  return [
    query('current', t(TEXT.current), { type: 'integer', minimum: 1, default: 1 }),
    query('size', t(TEXT.size), { type: 'integer', minimum: 1, maximum: 500, default: 10 }),
    ...(engine
      ? [
          query('searchCount', t(TEXT.searchCount), { type: 'string', enum: ['true', 'false'], default: 'true' }),
          query('afterId', t(TEXT.afterId), { type: 'string', pattern: '^\\d{1,19}$' }),
        ]
      : []),
  ];
}

/** `ascs` and `descs`, naming the fields the entity may be sorted by. */
export function sortParameters(entity: EntityDef, t: Texts): Parameter[] {
  const columns = sortableColumns(entity);
  const names = entityFields(entity).filter((f) => columns.has(f.column)).map((f) => f.name);
  const allowed = names.length ? ` (${t(TEXT.sortable)}: ${names.join(', ')})` : '';
  return [query('ascs', `${t(TEXT.ascs)}${allowed}`, { type: 'string' }), query('descs', `${t(TEXT.descs)}${allowed}`, { type: 'string' })];
}

/** An operation of the CRUD engine, read off the entity definition. */
export function engineOperation(doc: EngineRouteDoc, t: Texts, components: Components): OperationParts {
  const { entity } = doc;
  const tenantParam = query('tenantId', t(TEXT.tenantId), { type: 'string', pattern: '^\\d{6}$' });
  const otherTenants = !!doc.otherTenants && entity.tenant;
  const sortFields = () => sortParameters(entity, t);
  const filters = () => [...filterParameters(entity, t), ...(doc.extraParams ?? []).map((name) => query(name, t(TEXT.extra), { type: 'string' }))];
  const notes: string[] = [];
  if (doc.view) notes.push(`${t(TEXT.view)} (\`${doc.view}\`).`);
  if (doc.access) notes.push(`${t(TEXT.access)}: ${t(doc.access)}.`);

  const parts = (parameters: Parameter[], data: OperationParts['data'], extra: Partial<OperationParts> = {}): OperationParts => ({
    summary: t(summary(entity, doc)),
    description: notes.join('\n\n') || undefined,
    parameters,
    data,
    ...extra,
  });
  const tree = !!entity.tree;
  switch (doc.action) {
    case 'list':
      if (tree) {
        notes.push(t(TEXT.filters));
        return parts([...filters(), ...sortFields(), ...(otherTenants ? [tenantParam] : [])], { type: 'array', items: components.treeRow(entity) });
      }
      notes.push(t(TEXT.filters));
      return parts(
        [
          ...pagingParameters(t, true),
          ...sortFields(),
          ...filters(),
          ...(otherTenants ? [tenantParam] : []),
        ],
        components.page(entity),
      );
    case 'lazy-list':
      notes.push(t(TEXT.filters));
      return parts([query('parentId', t(TEXT.parentId), { type: 'string', pattern: '^\\d{1,19}$' }), ...filters(), ...sortFields(), ...(otherTenants ? [tenantParam] : [])], {
        type: 'array',
        items: components.treeRow(entity),
      });
    case 'tree':
      return parts(entity.tenant ? [tenantParam] : [], { type: 'array', items: components.treeNode() });
    case 'lazy-tree':
      return parts([query('parentId', t(TEXT.parentId), { type: 'string', pattern: '^\\d{1,19}$' }), ...(entity.tenant ? [tenantParam] : [])], {
        type: 'array',
        items: components.treeNode(),
      });
    case 'detail':
      return parts([query('id', t(TEXT.id), { type: 'string', pattern: '^\\d{1,19}$' }, true), ...(otherTenants ? [tenantParam] : [])], tree ? components.treeRow(entity) : components.row(entity));
    case 'submit':
    case 'save':
    case 'update':
      notes.push(t(TEXT.ok));
      return parts([], undefined, { body: components.body(entity, doc.action, otherTenants) });
    case 'remove':
      notes.push(t(TEXT.ok));
      return parts([query('ids', t(TEXT.ids), { type: 'string', pattern: '^\\d{1,19}(,\\d{1,19})*$' }, entity.api.removeIds === 'query'), ...(otherTenants ? [tenantParam] : [])], undefined);
  }
}
