import { defineEntity, EMAIL_RULE, MOBILE_REQUIRED, MOBILE_RULES, TELEPHONE_RULE } from '../../../core/sdk/shared';
import { companyIdField, ENABLED, STATUS_OPTIONS } from '../company/entity';

/**
 * A staff member's business card: who they are, how to reach them, which company's card they carry.
 * The mobile number is the card's key in a tenant (one card per number among live rows) and becomes the
 * account of the sign-in user a card may be given. `isDefault` (the company's default card) and `userId`
 * (that sign-in user) are set by their own calls, never by a save; `userAccount` and `cardUrl` are worked
 * out when a row is read.
 */

export const MSG_MOBILE_TAKEN = { zh: '该手机号码已被其他员工使用', en: 'Another staff member already has this mobile number' };

export const staffEntity = defineEntity({
  name: 'staff',
  label: { zh: '员工信息', en: 'Staff' },
  api: { base: '/api/staff/info', list: 'page', save: 'save-update', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc', ties: 'oldest' },
  unique: [{ fields: ['mobile'], message: MSG_MOBILE_TAKEN }],
  fields: {
    avatar: { type: 'image', label: { zh: '头像', en: 'Avatar' }, width: 84 },
    name: { type: 'string', label: { zh: '姓名', en: 'Name' }, required: true, maxLength: 50, search: 'like', sortable: true, width: 140 },
    companyId: companyIdField(130),
    position: { type: 'string', label: { zh: '职位', en: 'Position' }, maxLength: 50, width: 110 },
    // Not a column: the list keeps room for the mobile, the state and the account.
    deptName: { type: 'string', label: { zh: '部门', en: 'Department' }, maxLength: 50, list: false },
    mobile: {
      type: 'string',
      label: { zh: '手机号码', en: 'Mobile' },
      required: MOBILE_REQUIRED,
      // The length (手机号码长度不为11位) first, then the form.
      pattern: MOBILE_RULES,
      search: 'like',
      width: 135,
    },
    telephone: {
      type: 'string',
      label: { zh: '座机电话', en: 'Telephone' },
      maxLength: 20,
      pattern: TELEPHONE_RULE,
      list: false,
    },
    email: {
      type: 'string',
      label: { zh: '电子邮箱', en: 'Email' },
      maxLength: 100,
      pattern: EMAIL_RULE,
      list: false,
    },
    wechat: { type: 'string', label: { zh: '微信号', en: 'WeChat ID' }, maxLength: 50, list: false },
    introduction: { type: 'text', label: { zh: '个人简介', en: 'Introduction' }, maxLength: 1000, list: false },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: STATUS_OPTIONS, default: ENABLED, required: true, search: 'equal', width: 100 },
    isDefault: {
      type: 'switch',
      label: { zh: '默认名片', en: 'Default' },
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      default: 0,
      writable: 'never',
      form: { add: false, edit: false, view: true },
      filters: ['equal'],
      // Shown as a tag beside the name in the list.
      list: false,
    },
    userId: { type: 'id', label: { zh: '登录用户', en: 'Sign-in user' }, writable: 'never', list: false, form: false },
    userAccount: { type: 'string', label: { zh: '登录账号', en: 'Account' }, virtual: true, form: { add: false, edit: false, view: true }, width: 135 },
    cardUrl: { type: 'string', label: { zh: '名片链接', en: 'Card link' }, virtual: true, list: false, form: { add: false, edit: false, view: true }, span: 24 },
  },
});
