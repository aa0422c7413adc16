import { defineEntity, EMAIL_RULE, type FieldDef } from '../../core/sdk/shared';

/**
 * Users (BladeX `blade_user`, the kernel's table). The definition names the real
 * columns only (the password, the status and the display names are handled by the plugin itself): the
 * server takes its filters, body rules and the columns a data-scope rule may name from it; the screen
 * adds its display fields on top (`userScreenEntity`).
 */

/** Comma lists of ids (`roleId`, `deptId`, `postId`), as BladeX stores and sends them. */
const ID_LIST = '^\\d{1,19}(,\\d{1,19})*$';
const idList = (label: FieldDef['label'], required: FieldDef['required']): FieldDef => ({
  type: 'string',
  label,
  required,
  maxLength: 1000,
  list: false,
  pattern: { source: ID_LIST, message: { zh: `${label.zh}格式不正确`, en: `The ${label.en.toLowerCase()} are not valid` } },
});

export const MSG_PHONE_LENGTH = { zh: '手机号码长度不为11位', en: 'The mobile number must have 11 digits' };
export const MSG_PHONE_FORMAT = { zh: '手机号码格式不正确', en: 'The mobile number is not valid' };
export const MSG_ACCOUNT_TAKEN = { zh: '当前账号已被使用!', en: 'This account is already in use' };

export const USER_TYPES = [
  { value: 1, label: { zh: 'WEB', en: 'Web' } },
  { value: 2, label: { zh: 'APP', en: 'App' } },
  { value: 3, label: { zh: '其他', en: 'Other' } },
];

export const userEntity = defineEntity({
  name: 'user',
  table: 'blade_user',
  label: { zh: '用户', en: 'User' },
  permission: 'user',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-user', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  unique: [{ fields: ['account'], message: MSG_ACCOUNT_TAKEN }],
  fields: {
    account: {
      type: 'string',
      label: { zh: '登录账号', en: 'Account' },
      required: { zh: '请输入登录账号', en: 'Please enter the account' },
      maxLength: 45,
      pattern: { source: '^[A-Za-z0-9_.@-]+$', message: { zh: '账号只能包含字母、数字和 _ . @ -', en: 'An account may only contain letters, digits and _ . @ -' } },
      search: 'like',
      sortable: true,
    },
    userType: {
      type: 'select',
      label: { zh: '用户平台', en: 'Platform' },
      options: USER_TYPES,
      default: 1,
      list: false,
    },
    name: {
      type: 'string',
      label: { zh: '用户昵称', en: 'Nickname' },
      required: { zh: '请输入用户昵称', en: 'Please enter the nickname' },
      maxLength: 20,
      list: false,
    },
    realName: {
      type: 'string',
      label: { zh: '用户姓名', en: 'Real name' },
      required: { zh: '请输入用户姓名', en: 'Please enter the real name' },
      maxLength: 20,
      search: 'like',
      sortable: true,
    },
    phone: {
      type: 'string',
      label: { zh: '手机号码', en: 'Mobile' },
      maxLength: 45,
      // The length rule (手机号码长度不为11位) is checked first, by the server and the dialog alike.
      pattern: { source: '^1\\d{10}$', message: MSG_PHONE_FORMAT },
      search: 'like',
    },
    email: {
      type: 'string',
      label: { zh: '电子邮箱', en: 'Email' },
      maxLength: 45,
      pattern: EMAIL_RULE,
      list: false,
    },
    sex: {
      type: 'select',
      label: { zh: '用户性别', en: 'Sex' },
      options: [
        { value: 1, label: { zh: '男', en: 'Male' } },
        { value: 2, label: { zh: '女', en: 'Female' } },
        { value: 3, label: { zh: '未知', en: 'Unknown' } },
      ],
      list: false,
    },
    birthday: { type: 'date', label: { zh: '用户生日', en: 'Birthday' }, list: false },
    code: { type: 'string', label: { zh: '用户编号', en: 'Code' }, maxLength: 12, list: false },
    roleId: idList({ zh: '所属角色', en: 'Roles' }, { zh: '请选择所属角色', en: 'Please choose the roles' }),
    deptId: idList({ zh: '所属部门', en: 'Departments' }, { zh: '请选择所属部门', en: 'Please choose the departments' }),
    // Optional (BladeX requires one): a tenant may have no post yet.
    postId: idList({ zh: '所属岗位', en: 'Posts' }, undefined),
  },
});

/** `blade_user.status`: 1 normal, 0 waiting for approval (a guest's registration), 2 disabled. */
export const USER_STATUS = [
  { value: 1, label: { zh: '正常', en: 'Active' } },
  { value: 2, label: { zh: '停用', en: 'Disabled' } },
  { value: 0, label: { zh: '待审核', en: 'Pending' } },
];

/**
 * The screen's view of a user: the resource's fields plus what the server's UserVO adds for display
 * (role and department names) and the status. Browser only: it is never given to the CRUD engine.
 */
export const userScreenEntity = defineEntity({
  ...userEntity,
  fields: {
    account: userEntity.fields.account,
    realName: userEntity.fields.realName,
    roleName: { type: 'string', label: { zh: '所属角色', en: 'Roles' }, form: false, virtual: true },
    deptName: { type: 'string', label: { zh: '所属部门', en: 'Departments' }, form: false, virtual: true },
    phone: userEntity.fields.phone,
    status: { type: 'select', label: { zh: '用户状态', en: 'Status' }, options: USER_STATUS, default: 1 },
    userType: userEntity.fields.userType,
    name: userEntity.fields.name,
    email: userEntity.fields.email,
    sex: userEntity.fields.sex,
    birthday: userEntity.fields.birthday,
    code: userEntity.fields.code,
    roleId: userEntity.fields.roleId,
    deptId: userEntity.fields.deptId,
    postId: userEntity.fields.postId,
  },
});
