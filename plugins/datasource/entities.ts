import { defineEntity, type FieldDef } from '../../core/schema/entity';

/** The JDBC drivers offered (the three of the BladeX samples). */
export const DRIVER_CLASSES = ['org.postgresql.Driver', 'com.mysql.cj.jdbc.Driver', 'oracle.jdbc.OracleDriver'] as const;

const password: FieldDef = {
  type: 'string',
  label: { zh: '密码', en: 'Password' },
  required: { zh: '请输入密码', en: 'Please enter the password' },
  maxLength: 50,
  // Write-only: never sent back by the server, so never a column or a value to view.
  list: false,
  form: { view: false },
};

/**
 * A datasource (bladex-contract §3.2 `blade_datasource`, §8): global (no tenant), audit columns, logical
 * delete. The password is write-only: list and detail answer it as '', and an edit that leaves it empty
 * keeps the stored one.
 */
export const datasourceEntity = defineEntity({
  name: 'datasource',
  table: 'blade_datasource',
  label: { zh: '数据源', en: 'Datasource' },
  permission: 'datasource',
  tenant: false,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-develop/datasource', list: 'list', save: 'submit', removeIds: 'query' },
  unique: [{ fields: ['name'], message: { zh: '数据源名称已存在', en: 'A datasource with this name already exists' } }],
  fields: {
    name: {
      type: 'string',
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入名称', en: 'Please enter the name' },
      maxLength: 100,
      search: 'like',
    },
    driverClass: {
      type: 'select',
      label: { zh: '驱动类', en: 'Driver class' },
      required: { zh: '请选择驱动类', en: 'Please choose the driver class' },
      maxLength: 100,
      options: DRIVER_CLASSES.map((value) => ({ value, label: { zh: value, en: value } })),
      search: 'equal',
    },
    url: {
      type: 'string',
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
      maxLength: 500,
      pattern: { source: '^jdbc:\\S+$', message: { zh: '连接地址须以 jdbc: 开头', en: 'The URL must start with jdbc:' } },
      span: 24,
    },
    username: {
      type: 'string',
      label: { zh: '用户名', en: 'User name' },
      required: { zh: '请输入用户名', en: 'Please enter the user name' },
      maxLength: 50,
    },
    password,
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

/** The edit form's view of the same resource: the password may stay empty (the stored one is kept). */
export const datasourceEditEntity = defineEntity({
  ...datasourceEntity,
  fields: { ...datasourceEntity.fields, password: { ...password, required: undefined } },
});
