import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** The JDBC drivers offered (the three of the BladeX samples). */
export const DRIVER_CLASSES = ['org.postgresql.Driver', 'com.mysql.cj.jdbc.Driver', 'oracle.jdbc.OracleDriver'];

/**
 * A datasource: connection settings a tenant can be bound to. Global (no tenant): data every tenant
 * shares. The password is write-only: list and detail answer it as '', and an edit that leaves it empty
 * keeps the stored one.
 */
export const datasourceEntity = defineEntity({
  name: 'datasource',
  label: { zh: '数据源', en: 'Datasource' },
  tenant: false,
  api: { base: '/api/blade-develop/datasource' },
  unique: [{ fields: ['name'], message: { zh: '数据源名称已存在', en: 'A datasource with this name already exists' } }],
  fields: {
    name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, maxLength: 100, search: 'like' },
    driverClass: {
      type: 'select',
      label: { zh: '驱动类', en: 'Driver class' },
      required: true,
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
    username: { type: 'string', label: { zh: '用户名', en: 'User name' }, required: true, maxLength: 50 },
    // Write-only: never sent back by the server, so never a column or a value to view.
    password: { type: 'string', label: { zh: '密码', en: 'Password' }, required: true, maxLength: 50, list: false, form: { view: false } },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

/** The edit form's view of the same resource: the password may stay empty (the stored one is kept). */
export const datasourceEditEntity = defineEntity({
  ...datasourceEntity,
  fields: { ...datasourceEntity.fields, password: { ...datasourceEntity.fields.password, required: undefined } },
});

/** Datasources: one list screen under the system tools, for the super administrator only. */
export default definePlugin({
  id: 'datasource',
  name: { zh: '数据源管理', en: 'Datasources' },
  resources: [
    defineResource({
      entity: datasourceEntity,
      menu: { parent: 'tools', path: '/tool/datasource', icon: 'storage', sort: 5, administratorOnly: true },
      screen: () => import('./screens/DatasourcePage'),
    }),
  ],
  messages: {
    zh: {
      datasource: {
        keepPassword: '留空则不修改密码',
        passwordHint: '密码只写不读：保存后不再显示',
        test: '测试连接',
        testOk: '连接成功：{{product}}，用时 {{ms}} 毫秒',
        testFailed: '连接失败：{{reason}}',
        tables: '表结构',
        tablesOf: '表结构 · {{name}}',
        embedded: '内置数据库',
        runsOn: '运行于 {{product}}',
        tableName: '表名',
        comment: '注释',
        estimatedRows: '估计行数',
        platformTable: '平台表',
        filterTables: '按表名或注释筛选',
        tableCount: '{{count}} / {{total}} 张表',
        noTables: '没有数据表',
        noMatch: '没有匹配的数据表',
        chooseTable: '选择左侧的一张表查看它的列和索引',
        column: '列名',
        type: '类型',
        nullable: '可空',
        hasDefault: '默认值',
        primaryKey: '主键',
        indexes: '索引',
        indexName: '索引名',
        indexColumns: '列',
        indexKind: '类型',
        unique: '唯一',
        plainIndex: '普通',
        expression: '（表达式）',
        noIndexes: '没有索引',
      },
    },
    en: {
      datasource: {
        keepPassword: 'Leave empty to keep the password',
        passwordHint: 'The password is write-only: it is never shown again',
        test: 'Test connection',
        testOk: 'Connected: {{product}}, in {{ms}} ms',
        testFailed: 'Connection failed: {{reason}}',
        tables: 'Tables',
        tablesOf: 'Tables · {{name}}',
        embedded: 'Embedded database',
        runsOn: 'runs on {{product}}',
        tableName: 'Table',
        comment: 'Comment',
        estimatedRows: 'Est. rows',
        platformTable: 'Platform',
        filterTables: 'Filter by name or comment',
        tableCount: '{{count}} of {{total}} tables',
        noTables: 'No tables',
        noMatch: 'No table matches',
        chooseTable: 'Choose a table on the left to see its columns and indexes',
        column: 'Column',
        type: 'Type',
        nullable: 'Nullable',
        hasDefault: 'Default',
        primaryKey: 'Primary key',
        indexes: 'Indexes',
        indexName: 'Index',
        indexColumns: 'Columns',
        indexKind: 'Kind',
        unique: 'Unique',
        plainIndex: 'Plain',
        expression: '(expression)',
        noIndexes: 'No indexes',
      },
    },
  },
});
