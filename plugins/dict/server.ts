import { defineServerPlugin } from '../../core/sdk/server';
import { syncDeclaredDictionaries } from './declared';
import { englishValuesMigration } from './english-values';
import { dictBizChildEntity, dictBizParentEntity, dictChildEntity, dictParentEntity } from './entities';
import dictPlugin from './index';
import { dictionaryLabels } from './labels';
import { dictionaryHooks } from './server-rules';
import { dictionaryRoutes } from './server-routes';
import { DEMO_BUSINESS_DICTIONARIES, SYSTEM_DICTIONARIES } from './seeded';

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
    englishValuesMigration,
  ],
  resources: {
    dict: { access: { add: 'administrator', edit: 'administrator', delete: 'administrator' }, hooks: dictionaryHooks(dictChildEntity), skip: lazy },
    dictbiz: { hooks: dictionaryHooks(dictBizChildEntity), skip: lazy },
  },
  // The dictionaries the installed plugins declare: at every start, since a plugin may be installed later.
  sync: (tx, ctx, manifests) => syncDeclaredDictionaries(tx, ctx.ids, manifests),
  // Other plugins name their values by a system dictionary without reading this plugin's table.
  provides: { dictionaryLabels },
  routes(api, ctx) {
    dictionaryRoutes(api, ctx, dictChildEntity, dictParentEntity);
    dictionaryRoutes(api, ctx, dictBizChildEntity, dictBizParentEntity);
  },
  // The system dictionaries, in both languages, and two demo business dictionaries in each seeded tenant.
  async seed(tx, ctx) {
    const insert = (table: 'blade_dict' | 'blade_dict_biz', tenantId: string | null, row: { id: string; parentId: string; code: string; key: string; value: { zh: string; en: string }; sort: number; remark: string }) =>
      tx.query(
        table === 'blade_dict'
          ? `insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, remark, is_sealed) values ($1, $2, $3, $4, $5, $6, $7, $8, 0)`
          : `insert into blade_dict_biz (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, remark, is_sealed, tenant_id) values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9)`,
        [row.id, row.parentId, row.code, row.key, row.value.zh, row.value.en, row.sort, row.remark, ...(tenantId === null ? [] : [tenantId])],
      );
    for (const { code, name, id: fixedId, sort, entries } of SYSTEM_DICTIONARIES) {
      const id = fixedId ?? ctx.ids.next();
      await insert('blade_dict', null, { id, parentId: '0', code, key: '-1', value: name, sort, remark: '' });
      for (const [i, [key, value]] of entries.entries()) {
        // BladeX's entries are numbered after their dictionary's id.
        const childId = fixedId ? (BigInt(fixedId) + BigInt(i + 1)).toString() : ctx.ids.next();
        await insert('blade_dict', null, { id: childId, parentId: id, code, key, value, sort: i + 1, remark: '' });
      }
    }
    const tenants = await tx.query<{ tenant_id: string }>(`select tenant_id from blade_tenant where tenant_id in ('000000', '100001') and is_deleted = 0`);
    for (const { tenant_id: tenantId } of tenants) {
      for (const { code, name, sort, entries } of DEMO_BUSINESS_DICTIONARIES) {
        const id = ctx.ids.next();
        await insert('blade_dict_biz', tenantId, { id, parentId: '0', code, key: '-1', value: name, sort, remark: '' });
        for (const [i, [key, value, remark]] of entries.entries()) {
          await insert('blade_dict_biz', tenantId, { id: ctx.ids.next(), parentId: id, code, key, value, sort: i + 1, remark });
        }
      }
    }
  },
});
