import type { LocalText } from '../../../core/sdk/server';

/** The code generator server's own messages, in both languages. */
export const TEXT = {
  noCatalog: { zh: '数据源工具未安装', en: 'The datasource tool is not installed' },
  noTable: { zh: '数据表不存在', en: 'The table does not exist' },
  platformTable: (table: string): LocalText => ({
    zh: `数据表 ${table} 由平台自身使用，不能生成插件`,
    en: `The table ${table} is kept by the platform itself: no plugin can be generated from it`,
  }),
  badFields: { zh: '字段配置不是有效的字段列表', en: 'The fields are not a valid field list' },
  badFieldAt: (index: number, key: string): LocalText => ({ zh: `字段配置第 ${index + 1} 项的 ${key} 不正确`, en: `Field ${index + 1} of the list: its ${key} is not valid` }),
  fieldColumnTwice: (column: string): LocalText => ({ zh: `字段配置中列 ${column} 出现了多次`, en: `The column ${column} appears more than once in the fields` }),
  ofRecord: (name: string, reason: LocalText): LocalText => ({ zh: `代码生成「${name}」：${reason.zh}`, en: `Code record "${name}": ${reason.en}` }),
  samePlugin: (pluginId: string): LocalText => ({
    zh: `多条记录使用插件编号 ${pluginId}，不能放进同一个压缩包`,
    en: `Several records use the plugin id ${pluginId}: they cannot go into one zip`,
  }),
  noFreePluginId: { zh: '找不到可用的插件编号，请先修改原记录的插件编号', en: 'No free plugin id was found: change the plugin id of the record first' },
  outsideFolder: (path: string): LocalText => ({ zh: `生成的文件 ${path} 不在插件目录内`, en: `The generated file ${path} is outside the plugin's folder` }),
  datasourceId: { zh: '数据源主键格式不正确', en: 'The datasource id is not valid' },
  tableName: { zh: '表名只含小写字母、数字和下划线', en: 'The table name holds lower-case letters, digits and underscores' },
  tablePrefix: { zh: '表前缀只含小写字母、数字和下划线', en: 'The prefix holds lower-case letters, digits and underscores' },
  recordId: { zh: '记录主键格式不正确', en: 'The record id is not valid' },
  recordIds: { zh: '请选择 1 到 20 条记录', en: 'Choose 1 to 20 records' },
} as const satisfies Record<string, LocalText | ((...args: never[]) => LocalText)>;
