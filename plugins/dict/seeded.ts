import type { LocalText } from '../../core/sdk/shared';

/**
 * The dictionaries this plugin seeds, in both languages: the seed writes them, and a migration gives the
 * English values to a database seeded before dictionaries had them.
 */
export interface SeededDictionary {
  code: string;
  name: LocalText;
  /** BladeX's id of the dictionary's row (its entries numbered after it); null: new ids. */
  id: string | null;
  sort: number;
  entries: readonly (readonly [key: string, value: LocalText])[];
}

/** SpringBlade's system dictionaries (with BladeX's ids) plus BladeX's org_category, user_type and scope_category. */
export const SYSTEM_DICTIONARIES: readonly SeededDictionary[] = [
  { code: 'sex', name: { zh: '性别', en: 'Sex' }, id: '1123598814738675201', sort: 1, entries: [['1', { zh: '男', en: 'Male' }], ['2', { zh: '女', en: 'Female' }]] },
  {
    code: 'notice',
    name: { zh: '通知类型', en: 'Notice type' },
    id: '1123598814738675204',
    sort: 2,
    entries: [
      ['1', { zh: '发布通知', en: 'Announcement' }],
      ['2', { zh: '批转通知', en: 'Approval and forwarding' }],
      ['3', { zh: '转发通知', en: 'Forwarded notice' }],
      ['4', { zh: '指示通知', en: 'Instruction' }],
      ['5', { zh: '任免通知', en: 'Appointment and removal' }],
      ['6', { zh: '事务通知', en: 'Affairs notice' }],
    ],
  },
  { code: 'menu_category', name: { zh: '菜单类型', en: 'Menu type' }, id: '1123598814738675211', sort: 3, entries: [['1', { zh: '菜单', en: 'Menu' }], ['2', { zh: '按钮', en: 'Button' }]] },
  {
    code: 'button_func',
    name: { zh: '按钮功能', en: 'Button position' },
    id: '1123598814738675214',
    sort: 4,
    entries: [
      ['1', { zh: '工具栏', en: 'Toolbar' }],
      ['2', { zh: '操作栏', en: 'Row actions' }],
      ['3', { zh: '工具操作栏', en: 'Toolbar and row actions' }],
    ],
  },
  { code: 'yes_no', name: { zh: '是否', en: 'Yes or no' }, id: '1123598814738675218', sort: 5, entries: [['1', { zh: '否', en: 'No' }], ['2', { zh: '是', en: 'Yes' }]] },
  {
    code: 'data_scope_type',
    name: { zh: '数据权限', en: 'Data scope' },
    id: '1123598814738675231',
    sort: 8,
    entries: [
      ['1', { zh: '全部可见', en: 'Everything' }],
      ['2', { zh: '本人可见', en: 'Own records' }],
      ['3', { zh: '所在机构可见', en: 'Own department' }],
      ['4', { zh: '所在机构及子级可见', en: 'Own department and below' }],
      ['5', { zh: '自定义', en: 'Custom' }],
    ],
  },
  { code: 'api_scope_type', name: { zh: '接口权限', en: 'API scope' }, id: '1123598814738675237', sort: 10, entries: [['1', { zh: '系统接口', en: 'System API' }], ['2', { zh: '业务接口', en: 'Business API' }]] },
  {
    code: 'post_category',
    name: { zh: '岗位类型', en: 'Post category' },
    id: '1123598814738777220',
    sort: 12,
    entries: [
      ['1', { zh: '高层', en: 'Senior' }],
      ['2', { zh: '中层', en: 'Middle' }],
      ['3', { zh: '基层', en: 'Junior' }],
      ['4', { zh: '其他', en: 'Other' }],
    ],
  },
  {
    code: 'region',
    name: { zh: '行政区划', en: 'Region level' },
    id: '1123598814738777230',
    sort: 13,
    entries: [
      ['0', { zh: '国家', en: 'Country' }],
      ['1', { zh: '省份/直辖市', en: 'Province / municipality' }],
      ['2', { zh: '地市', en: 'City' }],
      ['3', { zh: '区县', en: 'District / county' }],
      ['4', { zh: '乡镇', en: 'Township' }],
      ['5', { zh: '村委', en: 'Village' }],
    ],
  },
  { code: 'org_category', name: { zh: '机构类型', en: 'Organisation type' }, id: null, sort: 14, entries: [['1', { zh: '公司', en: 'Company' }], ['2', { zh: '部门', en: 'Department' }], ['3', { zh: '小组', en: 'Team' }]] },
  { code: 'user_type', name: { zh: '用户平台', en: 'User platform' }, id: null, sort: 15, entries: [['1', { zh: 'web', en: 'Web' }], ['2', { zh: 'app', en: 'App' }], ['3', { zh: 'other', en: 'Other' }]] },
  { code: 'scope_category', name: { zh: '权限类型', en: 'Scope type' }, id: null, sort: 16, entries: [['1', { zh: '数据权限', en: 'Data scope' }], ['2', { zh: '接口权限', en: 'API scope' }]] },
];

/** Demo business dictionaries of each seeded tenant: an entry's key, value and remark. */
export const DEMO_BUSINESS_DICTIONARIES: readonly { code: string; name: LocalText; sort: number; entries: readonly (readonly [key: string, value: LocalText, remark: string])[] }[] = [
  {
    code: 'card_template',
    name: { zh: '名片模板', en: 'Card template' },
    sort: 1,
    entries: [
      ['1', { zh: '简约', en: 'Simple' }, 'simple'],
      ['2', { zh: '商务', en: 'Business' }, 'business'],
      ['3', { zh: '创意', en: 'Creative' }, 'creative'],
    ],
  },
  {
    code: 'order_status',
    name: { zh: '订单状态', en: 'Order status' },
    sort: 2,
    entries: [
      ['0', { zh: '待支付', en: 'Awaiting payment' }, ''],
      ['1', { zh: '已支付', en: 'Paid' }, ''],
      ['2', { zh: '已发货', en: 'Shipped' }, ''],
      ['3', { zh: '已完成', en: 'Completed' }, ''],
      ['4', { zh: '已取消', en: 'Cancelled' }, ''],
    ],
  },
];
