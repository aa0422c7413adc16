import type { EntityDef } from '../../schema/entity';
import type { LocalText } from '../i18n';
import { bodySchema, rowSchema, treeRowSchema } from './entity-schemas';
import type { JsonSchema } from './types';

type Texts = (text: LocalText) => string;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const TEXT = {
  envelope: { zh: 'BladeX 响应包装 R：code 同 HTTP 状态码，success 表示成功，msg 为调用方语言的提示', en: "BladeX's answer envelope R: code mirrors the HTTP status, success says whether it worked, msg is a message in the caller's language" },
  data: { zh: '业务数据（无数据时为 null）', en: 'The payload (null when there is none)' },
  requestId: { zh: '出错时附带的请求编号（同响应头 X-Request-Id），可据此在服务日志中找到这次请求', en: 'On an error, the request id (as in the X-Request-Id header), to find the request in the server log' },
  page: { zh: '分页结果（MyBatis-Plus IPage）', en: 'A page of rows (MyBatis-Plus IPage)' },
  records: { zh: '本页的行', en: 'The rows of this page' },
  total: { zh: '符合条件的总行数', en: 'How many rows match' },
  size: { zh: '每页行数', en: 'Rows per page' },
  current: { zh: '当前页码（从 1 开始）', en: 'This page number (from 1)' },
  pages: { zh: '总页数', en: 'Number of pages' },
  totalExact: { zh: 'false：符合条件的行多于统计上限，total 为下限', en: 'false: more rows match than were counted, and total is a lower bound' },
  searchCount: { zh: 'false：按请求未统计总数', en: 'false: no count was asked for' },
  node: { zh: '树节点（下拉树的选项）', en: 'A tree node (a choice of a tree select)' },
} satisfies Record<string, LocalText>;

/**
 * The document's named schemas (`#/components/schemas/…`): the R envelope, the tree node, and per entity
 * its row, tree row, page and save bodies, added the first time an operation refers to them. An entity's
 * names come from its table (unique in the database): `blade_dict_biz` → `DictBiz`, `DictBizPage`, ….
 */
export class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<EntityDef, string>();

  constructor(private readonly t: Texts) {
    this.schemas.R = {
      type: 'object',
      description: t(TEXT.envelope),
      properties: {
        code: { type: 'integer', examples: [200] },
        success: { type: 'boolean' },
        data: { description: t(TEXT.data) },
        msg: { type: 'string', examples: ['操作成功'] },
        requestId: { type: 'string', description: t(TEXT.requestId) },
      },
      required: ['code', 'success', 'data', 'msg'],
    };
    this.schemas.TreeNode = {
      type: 'object',
      description: t(TEXT.node),
      properties: {
        id: { type: 'string' },
        parentId: { type: 'string' },
        title: { type: 'string' },
        key: { type: 'string' },
        value: { type: 'string' },
        hasChildren: { type: 'boolean' },
        children: { type: 'array', items: ref('TreeNode') },
      },
      required: ['id', 'parentId', 'title', 'key', 'value', 'hasChildren'],
    };
  }

  /** The R envelope around `data` (no `data`: the envelope as it is). */
  envelope(data?: JsonSchema): JsonSchema {
    if (!data) return ref('R');
    return { allOf: [ref('R'), { type: 'object', properties: { data: { anyOf: [data, { type: 'null' }] } } }] };
  }

  treeNode(): JsonSchema {
    return ref('TreeNode');
  }

  row(entity: EntityDef): JsonSchema {
    return this.named(entity, '', () => rowSchema(entity, this.t));
  }

  treeRow(entity: EntityDef): JsonSchema {
    const name = `${this.nameOf(entity)}TreeRow`;
    return this.named(entity, 'TreeRow', () => treeRowSchema(entity, this.t, `#/components/schemas/${name}`));
  }

  page(entity: EntityDef): JsonSchema {
    const row = this.row(entity);
    return this.named(entity, 'Page', () => ({
      type: 'object',
      description: this.t(TEXT.page),
      properties: {
        records: { type: 'array', items: row, description: this.t(TEXT.records) },
        total: { type: 'integer', description: this.t(TEXT.total) },
        size: { type: 'integer', description: this.t(TEXT.size) },
        current: { type: 'integer', description: this.t(TEXT.current) },
        pages: { type: 'integer', description: this.t(TEXT.pages) },
        totalExact: { type: 'boolean', description: this.t(TEXT.totalExact) },
        searchCount: { type: 'boolean', description: this.t(TEXT.searchCount) },
      },
      required: ['records', 'total', 'size', 'current', 'pages'],
    }));
  }

  body(entity: EntityDef, action: 'submit' | 'save' | 'update', otherTenants: boolean): JsonSchema {
    const suffix = { submit: 'Submit', save: 'Save', update: 'Update' }[action];
    return this.named(entity, suffix, () => bodySchema(entity, this.t, action, otherTenants));
  }

  private named(entity: EntityDef, suffix: string, make: () => JsonSchema): JsonSchema {
    const name = `${this.nameOf(entity)}${suffix}`;
    if (!Object.hasOwn(this.schemas, name)) this.schemas[name] = make();
    return ref(name);
  }

  private nameOf(entity: EntityDef): string {
    const known = this.names.get(entity);
    if (known) return known;
    const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    const taken = new Set(this.names.values());
    let name = pascal(entity.table.replace(/^blade_/, ''));
    // Two definitions of one table (a plugin's narrower view of it) get names of their own.
    for (let n = 2; taken.has(name) || ['R', 'TreeNode'].includes(name); n++) name = `${pascal(entity.table.replace(/^blade_/, ''))}${n}`;
    this.names.set(entity, name);
    return name;
  }
}
