import { crudRepo, EMBEDDED_DATASOURCE_ID, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { proposeFields, proposeRecord } from '../generator';
import { codeEntity } from '../index';
import { DEMO_CUSTOMERS, DEMO_TABLE, DEMO_TABLE_DDL, DEMO_TABLE_SHAPE } from './demo-table';
import { recordValues } from './generation';

/**
 * The demo: the customer table (made when missing, filled when empty) and its code record, so the code
 * list has a record that generates at once: plugin `crm`, 客户管理, a tree of customers under their parent.
 */
export async function seedCodeDemo(tx: Tx, ctx: ServerContext): Promise<void> {
  const exists = await tx.one(`select 1 as found from pg_tables where schemaname = current_schema() and tablename = $1`, [DEMO_TABLE]);
  if (!exists) await tx.exec(DEMO_TABLE_DDL);
  if (!(await tx.one(`select 1 as found from ${DEMO_TABLE} limit 1`))) {
    for (const row of DEMO_CUSTOMERS) {
      await tx.query(
        `insert into ${DEMO_TABLE} (id, customer_name, contact, phone, sex, credit_limit, discount, signed_on, last_visit, vip, parent_id, remark)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [...row],
      );
    }
  }
  if (await tx.one(`select 1 as found from blade_code where plugin_id = 'crm' and is_deleted = 0`)) return;
  const shape = DEMO_TABLE_SHAPE;
  // The system dictionary `sex` is the dict plugin's (this plugin requires it): the column names it.
  const proposed = { table: shape, record: proposeRecord(shape, {}), fields: proposeFields(shape, { dictionaries: new Set(['sex']), pkName: 'id' }) };
  const values = recordValues(EMBEDDED_DATASOURCE_ID, DEMO_TABLE, proposed, {
    codeName: '客户管理',
    codeNameEn: 'Customers',
    pluginId: 'crm',
    entityName: 'customer',
    serviceName: 'blade-crm',
    menuParent: 'own',
    menuIcon: 'user-group',
    menuSort: 10,
    baseMode: 2,
    tenantMode: 2,
    treeMode: 2,
    treeParent: 'parentId',
    treeTitle: 'customerName',
    demoRows: 8,
    remark: '演示记录：由内置数据库的 crm_customer 表生成客户管理插件',
  });
  await crudRepo(codeEntity, ctx.ids).insert(tx, { tenantId: '000000', userId: SEED.adminUserId, deptIds: [] }, values, ctx.now());
}
