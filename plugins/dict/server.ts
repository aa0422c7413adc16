import { defineServerPlugin } from '../../core/sdk/server';
import { syncDeclaredDictionaries } from './declared';
import { dictBizChildEntity, dictBizParentEntity, dictChildEntity, dictParentEntity } from './entities';
import dictPlugin from './index';
import { dictionaryHooks } from './server-rules';
import { dictionaryRoutes } from './server-routes';

/**
 * Dictionaries on the engine: `blade_dict` (system dictionaries, shared by every tenant, written by the
 * super administrator only) and `blade_dict_biz` (business dictionaries, per tenant), each a tree resource
 * (`list`, `detail`, `tree`, `submit`, `remove`) with the dictionary's rules as hooks, and three endpoints
 * of their own (`parent-list`, `child-list`, `dictionary`). Their API has no lazy tree.
 */
const columns = `
  parent_id bigint not null default 0,
  code varchar(255) not null,
  dict_key varchar(255) not null,
  dict_value varchar(255) not null,
  sort integer not null default 0,
  remark varchar(255),
  is_sealed smallint not null default 0,
  is_deleted int not null default 0`;

const schema = `
create table blade_dict (
  id bigint primary key,${columns}
);
create index blade_dict_code on blade_dict (code, sort) where is_deleted = 0;
create index blade_dict_parent on blade_dict (parent_id, sort) where is_deleted = 0;
create unique index blade_dict_key on blade_dict (code, dict_key) where is_deleted = 0;

create table blade_dict_biz (
  id bigint primary key,
  tenant_id varchar(12) not null,${columns}
);
create index blade_dict_biz_code on blade_dict_biz (tenant_id, code, sort) where is_deleted = 0;
create index blade_dict_biz_parent on blade_dict_biz (tenant_id, parent_id, sort) where is_deleted = 0;
create unique index blade_dict_biz_key on blade_dict_biz (tenant_id, code, dict_key) where is_deleted = 0;
`;

const lazy = ['lazy-list', 'lazy-tree'] as const;

export default defineServerPlugin(dictPlugin, {
  migrations: [
    { id: '001_schema', sql: schema },
    // The engine keeps the unique key (code, dict_key) of the definition: the first one is no longer needed.
    { id: '002_unique_key_by_the_engine', sql: 'drop index if exists blade_dict_key; drop index if exists blade_dict_biz_key;' },
  ],
  resources: {
    dict: { access: { add: 'administrator', edit: 'administrator', delete: 'administrator' }, hooks: dictionaryHooks(dictChildEntity), skip: lazy },
    dictbiz: { hooks: dictionaryHooks(dictBizChildEntity), skip: lazy },
  },
  // The dictionaries the installed plugins declare: at every start, since a plugin may be installed later.
  sync: (tx, ctx, manifests) => syncDeclaredDictionaries(tx, ctx.ids, manifests),
  routes(api, ctx) {
    dictionaryRoutes(api, ctx, dictChildEntity, dictParentEntity);
    dictionaryRoutes(api, ctx, dictBizChildEntity, dictBizParentEntity);
  },
  // SpringBlade's system dictionaries (with BladeX's ids for the parents and their entries numbered after
  // them) plus BladeX's org_category, user_type and scope_category; and two demo business dictionaries in
  // each seeded tenant.
  async seed(tx, ctx) {
    const system: [string, string, string | null, number, [string, string][]][] = [
      ['sex', '性别', '1123598814738675201', 1, [['1', '男'], ['2', '女']]],
      ['notice', '通知类型', '1123598814738675204', 2, [['1', '发布通知'], ['2', '批转通知'], ['3', '转发通知'], ['4', '指示通知'], ['5', '任免通知'], ['6', '事务通知']]],
      ['menu_category', '菜单类型', '1123598814738675211', 3, [['1', '菜单'], ['2', '按钮']]],
      ['button_func', '按钮功能', '1123598814738675214', 4, [['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']]],
      ['yes_no', '是否', '1123598814738675218', 5, [['1', '否'], ['2', '是']]],
      ['data_scope_type', '数据权限', '1123598814738675231', 8, [['1', '全部可见'], ['2', '本人可见'], ['3', '所在机构可见'], ['4', '所在机构及子级可见'], ['5', '自定义']]],
      ['api_scope_type', '接口权限', '1123598814738675237', 10, [['1', '系统接口'], ['2', '业务接口']]],
      ['post_category', '岗位类型', '1123598814738777220', 12, [['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']]],
      ['region', '行政区划', '1123598814738777230', 13, [['0', '国家'], ['1', '省份/直辖市'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村委']]],
      ['org_category', '机构类型', null, 14, [['1', '公司'], ['2', '部门'], ['3', '小组']]],
      ['user_type', '用户平台', null, 15, [['1', 'web'], ['2', 'app'], ['3', 'other']]],
      ['scope_category', '权限类型', null, 16, [['1', '数据权限'], ['2', '接口权限']]],
    ];
    for (const [code, name, parentId, sort, entries] of system) {
      const id = parentId ?? ctx.ids.next();
      await tx.query(
        `insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) values ($1, 0, $2, '-1', $3, $4, '', 0)`,
        [id, code, name, sort],
      );
      for (const [i, [key, value]] of entries.entries()) {
        const childId = parentId ? (BigInt(parentId) + BigInt(i + 1)).toString() : ctx.ids.next();
        await tx.query(
          `insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) values ($1, $2, $3, $4, $5, $6, '', 0)`,
          [childId, id, code, key, value, i + 1],
        );
      }
    }
    const business: [string, string, number, [string, string, string][]][] = [
      ['card_template', '名片模板', 1, [['1', '简约', 'simple'], ['2', '商务', 'business'], ['3', '创意', 'creative']]],
      ['order_status', '订单状态', 2, [['0', '待支付', ''], ['1', '已支付', ''], ['2', '已发货', ''], ['3', '已完成', ''], ['4', '已取消', '']]],
    ];
    const tenants = await tx.query<{ tenant_id: string }>(`select tenant_id from blade_tenant where tenant_id in ('000000', '100001') and is_deleted = 0`);
    for (const { tenant_id: tenantId } of tenants) {
      for (const [code, name, sort, entries] of business) {
        const id = ctx.ids.next();
        await tx.query(
          `insert into blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) values ($1, $2, 0, $3, '-1', $4, $5, '', 0)`,
          [id, tenantId, code, name, sort],
        );
        for (const [i, [key, value, remark]] of entries.entries()) {
          await tx.query(
            `insert into blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) values ($1, $2, $3, $4, $5, $6, $7, $8, 0)`,
            [ctx.ids.next(), tenantId, id, code, key, value, i + 1, remark],
          );
        }
      }
    }
  },
});
