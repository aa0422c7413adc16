import type { ColumnShape, TableShape } from '../../../core/sdk/server';

/**
 * The demo material of the code generator: a customer table in the server's own database, made by the
 * seed (not a migration, so it is no table of the platform's) with comments the generator reads labels,
 * money and the dictionary from, a unique name, and a parent id for a tree. Its shape below is what the
 * seed creates, so the seeded record's fields can be proposed without asking the database.
 */
export const DEMO_TABLE = 'crm_customer';
const COMMENT = '客户（代码生成演示表）';

/** Each column: its DDL and its comment; the shape is read off the DDL. */
const COLUMNS: readonly { name: string; ddl: string; comment: string }[] = [
  { name: 'id', ddl: 'int8 not null primary key', comment: '主键' },
  { name: 'customer_name', ddl: 'varchar(64) not null', comment: '客户名称' },
  { name: 'contact', ddl: 'varchar(32)', comment: '联系人' },
  { name: 'phone', ddl: 'varchar(20)', comment: '联系电话' },
  { name: 'sex', ddl: 'int2', comment: '性别' },
  { name: 'credit_limit', ddl: 'int8 not null default 0', comment: '信用额度（分）' },
  { name: 'discount', ddl: 'numeric(5,2)', comment: '折扣' },
  { name: 'signed_on', ddl: 'date', comment: '签约日期' },
  { name: 'last_visit', ddl: 'timestamp', comment: '最近拜访' },
  { name: 'vip', ddl: 'bool not null default false', comment: '是否VIP' },
  { name: 'parent_id', ddl: 'int8 not null default 0', comment: '上级客户' },
  { name: 'remark', ddl: 'text', comment: '备注' },
];
const UNIQUE_INDEX = 'crm_customer_customer_name_key';

function columnShape({ name, ddl, comment }: (typeof COLUMNS)[number]): ColumnShape {
  const sized = /^(\w+)(?:\((\d+)(?:,(\d+))?\))?/.exec(ddl)!;
  const numeric = sized[1] === 'numeric';
  return {
    name,
    type: sized[1]!,
    maxLength: !numeric && sized[2] ? Number(sized[2]) : null,
    precision: numeric && sized[2] ? Number(sized[2]) : null,
    scale: numeric && sized[3] ? Number(sized[3]) : null,
    nullable: !ddl.includes('not null'),
    hasDefault: ddl.includes(' default '),
    comment,
    primaryKey: ddl.includes('primary key'),
  };
}

export const DEMO_TABLE_SHAPE: TableShape = {
  name: DEMO_TABLE,
  comment: COMMENT,
  columns: COLUMNS.map(columnShape),
  indexes: [
    { name: `${DEMO_TABLE}_pkey`, columns: ['id'], unique: true, primary: true },
    { name: UNIQUE_INDEX, columns: ['customer_name'], unique: true, primary: false },
  ],
};

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The statements that make the table, its comments and its unique index (names and texts are the constants above). */
export const DEMO_TABLE_DDL = [
  `create table ${DEMO_TABLE} (${COLUMNS.map((c) => `${c.name} ${c.ddl}`).join(', ')})`,
  `create unique index ${UNIQUE_INDEX} on ${DEMO_TABLE} (customer_name)`,
  `comment on table ${DEMO_TABLE} is ${quoted(COMMENT)}`,
  ...COLUMNS.map((c) => `comment on column ${DEMO_TABLE}.${c.name} is ${quoted(c.comment)}`),
].join(';\n');

/** Eight customers, two of them branches of another; credit in fen. */
export const DEMO_CUSTOMERS: readonly (readonly [id: number, name: string, contact: string, phone: string, sex: number, credit: number, discount: string | null, signedOn: string, lastVisit: string | null, vip: boolean, parentId: number, remark: string | null])[] = [
  [1001, '上海云帆贸易有限公司', '张伟', '13816020101', 1, 50_000_000, '95.00', '2023-03-15', '2024-05-20 10:30:00', true, 0, '长期合作的重点客户'],
  [1002, '杭州青禾食品有限公司', '李娜', '13957120202', 2, 20_000_000, '98.50', '2023-06-01', '2024-05-18 14:00:00', false, 0, null],
  [1003, '青禾食品（宁波）分公司', '王芳', '13857430303', 2, 5_000_000, '98.50', '2023-09-12', '2024-04-30 09:15:00', false, 1002, '隶属杭州青禾，货款由总公司结算'],
  [1004, '南京启明科技有限公司', '刘洋', '13951840404', 1, 30_000_000, '92.00', '2022-11-20', '2024-05-21 16:45:00', true, 0, '年度框架协议客户'],
  [1005, '苏州恒信机械制造有限公司', '陈静', '13862150505', 2, 15_000_000, '96.00', '2024-01-08', '2024-05-10 11:00:00', false, 0, null],
  [1006, '广州南风家居有限公司', '赵磊', '13926060606', 1, 8_000_000, null, '2024-02-26', null, false, 0, '新签客户，待首次拜访'],
  [1007, '云帆贸易（苏州）分公司', '孙丽', '13913170707', 2, 10_000_000, '95.00', '2023-08-18', '2024-05-02 15:20:00', false, 1001, null],
  [1008, '成都锦程物流有限公司', '周强', '13880280808', 1, 12_000_000, '97.00', '2023-12-01', '2024-03-28 10:00:00', false, 0, '冷链运输为主'],
];
