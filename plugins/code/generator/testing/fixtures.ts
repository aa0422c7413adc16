import type { ColumnShape, TableShape } from '../../../../core/sdk/shared';
import type { CodeRecordJson, SpecInput } from '../spec-from-record';
import { proposeFields } from '../propose';

/** Tables and records the generator's tests generate plugins from: varied enough to meet every template. */

export const column = (name: string, type: string, more: Partial<ColumnShape> = {}): ColumnShape => ({
  name,
  type,
  maxLength: null,
  precision: null,
  scale: null,
  nullable: true,
  hasDefault: false,
  comment: '',
  primaryKey: false,
  ...more,
});

const key = (type = 'int8') => column('id', type, { nullable: false, primaryKey: true, hasDefault: type !== 'int8' });

const record = (more: Partial<CodeRecordJson> & Pick<CodeRecordJson, 'pluginId' | 'entityName' | 'tableName'>): CodeRecordJson => ({
  id: '1900000000000000001',
  codeName: '测试',
  codeNameEn: 'Test',
  serviceName: more.pluginId,
  datasourceId: '0',
  tablePrefix: '',
  pkName: 'id',
  menuParent: 'own',
  menuIcon: 'apps',
  menuSort: 30,
  baseMode: 2,
  tenantMode: 2,
  treeMode: 1,
  treeParent: '',
  treeTitle: '',
  demoRows: 5,
  fields: '',
  ...more,
});

/** A flat table: money, a dictionary, a switch, dates, a unique code, rich and hostile text. */
export const goodsShape: TableShape = {
  name: 'shop_goods',
  comment: '商品',
  columns: [
    key(),
    column('goods_name', 'varchar', { maxLength: 64, nullable: false, comment: '商品名称' }),
    column('goods_code', 'varchar', { maxLength: 16, nullable: false, comment: '商品编号' }),
    column('price', 'int8', { nullable: false, comment: '价格（分）' }),
    column('kind', 'int4', { comment: '类别，字典:goods_kind' }),
    column('on_sale', 'bool', { nullable: false, hasDefault: true, comment: '在售' }),
    column('launch_date', 'date', { nullable: false, comment: '上架日期' }),
    column('checked_at', 'timestamptz', { comment: '盘点时间' }),
    column('weight', 'numeric', { precision: 10, scale: 2, comment: '重量' }),
    column('remark', 'varchar', { maxLength: 200, comment: "*/ alert`x` // 备注 \\ ${x} 'q'" }),
    column('detail', 'text', { comment: '详情' }),
    column('extra', 'jsonb'),
    column('tenant_id', 'varchar', { maxLength: 12 }),
  ],
  indexes: [
    { name: 'shop_goods_pkey', columns: ['id'], unique: true, primary: true },
    { name: 'shop_goods_code', columns: ['goods_code'], unique: true, primary: false },
  ],
};

export const goodsInput: SpecInput = {
  record: record({ pluginId: 'shop-goods', entityName: 'goods', tableName: 'shop_goods', codeName: '商品', codeNameEn: 'Goods', serviceName: 'shop' }),
  shape: goodsShape,
  embedded: false,
  datasourceName: '商城库',
  samples: [
    { id: '11', goods_name: "O'Brien 的 \"茶杯\"", goods_code: 'G-001', price: '1999', kind: 1, on_sale: true, launch_date: '2024-03-01', checked_at: new Date(2024, 2, 5, 9, 30, 0), weight: '1.25', remark: '第一行\n第二行 ${x}', detail: '<p>好<script>alert(1)</script></p>', extra: { a: 1 } },
    { id: '12', goods_name: '绿茶', goods_code: 'G-002', price: 2500, kind: 2, on_sale: false, launch_date: new Date(2024, 3, 2), checked_at: null, weight: null, remark: null, detail: null },
    { id: '13', goods_name: '缺编号', goods_code: null, price: 100, kind: 1, on_sale: true, launch_date: '2024-04-03' },
    { id: '14', goods_name: '坏价格', goods_code: 'G-004', price: 12.5, kind: 9, on_sale: true, launch_date: '2024-04-04' },
  ],
  dictionaries: {
    goods_kind: [
      { key: '1', value: { zh: '食品', en: 'Food' } },
      { key: '2', value: { zh: '饮品', en: 'Drinks' } },
    ],
  },
};

/** A tree: units under units, titled by their name. */
export const unitShape: TableShape = {
  name: 'org_unit',
  comment: '组织单元',
  columns: [
    key(),
    column('parent_id', 'int8', { nullable: false, hasDefault: true, comment: '上级' }),
    column('unit_name', 'varchar', { maxLength: 32, nullable: false, comment: '单位名称' }),
    column('sort', 'int4', { comment: '排序' }),
    column('leader_phone', 'varchar', { maxLength: 20, comment: '负责人电话' }),
  ],
  indexes: [{ name: 'org_unit_pkey', columns: ['id'], unique: true, primary: true }],
};

export const unitInput: SpecInput = {
  record: record({ pluginId: 'org-unit', entityName: 'orgUnit', tableName: 'org_unit', codeName: '组织单元', codeNameEn: 'Units', menuParent: 'base', treeMode: 2, treeParent: 'parentId', treeTitle: 'unitName', baseMode: 1 }),
  shape: unitShape,
  embedded: false,
  samples: [
    { id: '3', parent_id: '2', unit_name: '前端组', sort: 3 },
    { id: '1', parent_id: '0', unit_name: '总部', sort: 1, leader_phone: '13800000000' },
    { id: '2', parent_id: '1', unit_name: '研发部', sort: 2 },
  ],
  dictionaries: {},
};

/** A table already in the server's database, none of the engine's columns, an int4 key, a boolean and a date. */
export const legacyShape: TableShape = {
  name: 'legacy_item',
  comment: '',
  columns: [
    key('int4'),
    column('title', 'varchar', { maxLength: 100, nullable: false }),
    column('active', 'bool', { nullable: false, hasDefault: true }),
    column('born_on', 'date'),
    column('note', 'text'),
    column('legacy_code', 'varchar', { maxLength: 10, nullable: false }),
  ],
  indexes: [{ name: 'legacy_item_pkey', columns: ['id'], unique: true, primary: true }],
};

/** The table as the adoption test makes it, with two rows. */
export const LEGACY_TABLE_SQL = `create table legacy_item (id serial primary key, title varchar(100) not null, active boolean not null default true, born_on date, note text, legacy_code varchar(10) not null);
insert into legacy_item (title, active, born_on, note, legacy_code) values ('旧数据一', true, '2020-01-02', '第一条', 'A1'), ('旧数据二', false, null, null, 'B2');`;

export const legacyInput: SpecInput = {
  record: record({
    pluginId: 'legacy-item',
    entityName: 'legacyItem',
    tableName: 'legacy_item',
    codeName: '旧物品',
    codeNameEn: 'Legacy items',
    menuParent: 'tools',
    baseMode: 1,
    tenantMode: 1,
    demoRows: 2,
    // The old code column is left out: the plugin never writes it, so the adoption lets it be empty.
    fields: JSON.stringify(proposeFields(legacyShape, { dictionaries: new Set() }).map((f) => (f.column === 'legacy_code' ? { ...f, include: false } : f))),
  }),
  shape: legacyShape,
  embedded: true,
  samples: [
    { id: 1, title: '演示一', active: true, born_on: '2021-06-01', note: 'x', legacy_code: 'secret' },
    { id: 2, title: '演示二', active: false, born_on: null, note: null, legacy_code: 'B' },
  ],
  dictionaries: {},
};
