import { defineEntity, definePlugin, defineResource, type LocalText } from '../../core/sdk/shared';
import { ENTITY_NAME_PATTERN, IDENTIFIER_PATTERN, PLUGIN_ID_PATTERN } from './spec';
import { codeMessages } from './screens/messages';

const yesNo: { value: number; label: LocalText }[] = [
  { value: 1, label: { zh: '否', en: 'No' } },
  { value: 2, label: { zh: '是', en: 'Yes' } },
];

/**
 * A code record: which table of which datasource becomes which plugin, where its menu goes, and the field
 * the author settled on for each column (`fields`, JSON, edited column by column). BladeX's record with the
 * choices that make sense for a plugin: `baseMode` (the audit columns), and per tenant, tree, demo rows.
 * Global (no tenant), for the super administrator.
 */
export const codeEntity = defineEntity({
  name: 'code',
  label: { zh: '代码生成', en: 'Code generation' },
  tenant: false,
  api: { base: '/api/blade-develop/code' },
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['pluginId'], message: { zh: '插件编号已被其他记录使用', en: 'Another record already uses this plugin id' } }],
  fields: {
    codeName: { type: 'string', label: { zh: '模块名', en: 'Module name' }, required: true, maxLength: 64, search: 'like' },
    codeNameEn: { type: 'string', label: { zh: '英文模块名', en: 'English name' }, required: true, maxLength: 64, list: false },
    pluginId: {
      type: 'string',
      label: { zh: '插件编号', en: 'Plugin id' },
      required: true,
      maxLength: 31,
      pattern: { source: PLUGIN_ID_PATTERN, message: { zh: '插件编号须以小写字母开头，只含小写字母、数字和短横线（2–31 个字符）', en: 'The plugin id starts with a lower-case letter and holds lower-case letters, digits and dashes (2–31 characters)' } },
      search: 'like',
    },
    serviceName: {
      type: 'string',
      label: { zh: '服务名', en: 'Service' },
      required: true,
      maxLength: 64,
      pattern: { source: '^[a-z][a-z0-9-]{1,62}$', message: { zh: '服务名只含小写字母、数字和短横线', en: 'The service holds lower-case letters, digits and dashes' } },
    },
    datasourceId: {
      type: 'id',
      label: { zh: '数据源', en: 'Datasource' },
      required: true,
      source: { url: '/api/blade-develop/code/datasources', label: 'name' },
      search: 'equal',
    },
    tableName: {
      type: 'string',
      label: { zh: '表名', en: 'Table' },
      required: true,
      maxLength: 63,
      pattern: { source: IDENTIFIER_PATTERN, message: { zh: '表名只含小写字母、数字和下划线', en: 'The table name holds lower-case letters, digits and underscores' } },
      search: 'like',
    },
    tablePrefix: {
      type: 'string',
      label: { zh: '表前缀', en: 'Table prefix' },
      maxLength: 63,
      pattern: { source: '^[a-z0-9_]*$', message: { zh: '表前缀只含小写字母、数字和下划线', en: 'The prefix holds lower-case letters, digits and underscores' } },
      list: false,
    },
    pkName: { type: 'string', label: { zh: '主键名', en: 'Primary key' }, maxLength: 32, default: 'id', list: false },
    entityName: {
      type: 'string',
      label: { zh: '实体名', en: 'Entity' },
      required: true,
      maxLength: 31,
      pattern: { source: ENTITY_NAME_PATTERN, message: { zh: '实体名须以小写字母开头，只含字母和数字', en: 'The entity name starts with a lower-case letter and holds letters and digits' } },
    },
    menuParent: {
      type: 'select',
      label: { zh: '菜单位置', en: 'Menu' },
      options: [
        { value: 'own', label: { zh: '独立菜单', en: 'A menu of its own' } },
        { value: 'system', label: { zh: '系统管理', en: 'System' } },
        { value: 'base', label: { zh: '基础配置', en: 'Base settings' } },
        { value: 'tools', label: { zh: '系统工具', en: 'System tools' } },
      ],
      default: 'own',
      required: true,
      list: false,
    },
    menuIcon: {
      type: 'string',
      label: { zh: '菜单图标', en: 'Menu icon' },
      maxLength: 32,
      default: 'apps',
      pattern: { source: '^[a-z][a-z-]{0,31}$', message: { zh: '图标名只含小写字母和短横线', en: 'An icon name holds lower-case letters and dashes' } },
      list: false,
    },
    menuSort: { type: 'integer', label: { zh: '菜单排序', en: 'Menu order' }, min: 0, max: 9999, default: 10, list: false },
    baseMode: { type: 'select', label: { zh: '基础业务', en: 'Base fields' }, options: yesNo, default: 2, required: true },
    tenantMode: { type: 'select', label: { zh: '多租户', en: 'Per tenant' }, options: yesNo, default: 2, required: true },
    treeMode: { type: 'select', label: { zh: '树形', en: 'Tree' }, options: yesNo, default: 1, required: true },
    treeParent: { type: 'string', label: { zh: '父级字段', en: 'Parent field' }, maxLength: 63, list: false, form: false },
    treeTitle: { type: 'string', label: { zh: '节点标题字段', en: 'Title field' }, maxLength: 63, list: false, form: false },
    demoRows: { type: 'integer', label: { zh: '演示数据行数', en: 'Demo rows' }, min: 0, max: 20, default: 5, list: false },
    // The fields as the author settled them (GenField[] as JSON), edited column by column on the screen.
    fields: { type: 'text', label: { zh: '字段配置', en: 'Fields' }, maxLength: 200000, list: false, form: false },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

/** 代码生成: a table of a datasource becomes an installable plugin (a zip, or a folder by `npm run gen`). */
export default definePlugin({
  id: 'code',
  name: { zh: '代码生成', en: 'Code generator' },
  // Tables are read through the datasource plugin's catalogue; a field's dictionary is chosen among the dict plugin's.
  requires: ['datasource', 'dict'],
  resources: [
    defineResource({
      entity: codeEntity,
      menu: { parent: 'tools', path: '/tool/code', icon: 'code', sort: 4, administratorOnly: true },
      screen: () => import('./screens/CodePage'),
    }),
  ],
  messages: { zh: { code: codeMessages.zh }, en: { code: codeMessages.en } },
});
