import type { BaseViewerOptions } from 'bpmn-js/lib/BaseViewer';

type Module = NonNullable<BaseViewerOptions['additionalModules']>[number];

/**
 * Chinese for the texts of bpmn-js and its properties panel that authoring these processes meets: the
 * palette, the context pad, the element types and the groups and fields of names, user assignment and
 * conditions. A text without an entry stays in English.
 */
const ZH: Record<string, string> = {
  // palette and context pad
  'Activate hand tool': '抓手工具',
  'Activate lasso tool': '套索工具',
  'Activate create/remove space tool': '创建/移除空间工具',
  'Activate global connect tool': '全局连线工具',
  'Create start event': '创建开始事件',
  'Create end event': '创建结束事件',
  'Create gateway': '创建排他网关',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Connect using sequence/message flow or association': '连线',
  'Connect to other element': '连线',
  'Connect using association': '关联连线',
  'Change element': '更改类型',
  'Change type': '更改类型',
  Delete: '删除',
  'Add text annotation': '添加注释',
  // element types
  Process: '流程',
  'Start Event': '开始事件',
  'End Event': '结束事件',
  'User Task': '用户任务',
  Task: '任务',
  'Exclusive Gateway': '排他网关',
  'Parallel Gateway': '并行网关',
  'Sequence Flow': '顺序流',
  'Default Flow': '默认流',
  'Conditional Flow': '条件流',
  // properties panel
  General: '常规',
  Name: '名称',
  ID: '标识',
  Documentation: '文档',
  'Element documentation': '元素说明',
  'Process documentation': '流程说明',
  'Version tag': '版本标签',
  Executable: '可执行',
  'User assignment': '处理人',
  Assignee: '处理人（assignee）',
  'Candidate groups': '候选组（角色别名）',
  'Candidate users': '候选用户',
  'Due date': '到期时间',
  'Follow up date': '跟进时间',
  Priority: '优先级',
  Condition: '条件',
  'Condition type': '条件类型',
  Expression: '表达式',
  Script: '脚本',
  '<none>': '<无>',
  Type: '类型',
  Forms: '表单',
  'Start initiator': '发起人',
  Initiator: '发起人变量',
  'Candidate starter': '可发起者',
  'Candidate starter groups': '可发起的组',
  'Candidate starter users': '可发起的用户',
  'Execution listeners': '执行监听器',
  'Task listener': '任务监听器',
  'Task listeners': '任务监听器',
  Inputs: '输入',
  Outputs: '输出',
  'Extension properties': '扩展属性',
  'Asynchronous continuations': '异步延续',
  'Job execution': '作业执行',
  'History cleanup': '历史清理',
  'Time to live': '保留时间',
  Tasklist: '任务列表',
  Startable: '可发起',
  'Specify more than one group as a comma separated list.': '多个组用英文逗号分隔。',
  'Specify more than one user as a comma separated list.': '多个用户用英文逗号分隔。',
  'Must be a valid XML ID.': '须是合法的 XML 标识。',
  'ID must be unique.': '标识不能重复。',
  'ID must not be empty.': '标识不能为空。',
  'ID must not contain spaces.': '标识不能包含空格。',
};

/** A `translate` service for bpmn-js in the language given: Chinese from the table above, English as is. */
export function translations(language: string): Module {
  const table = language === 'zh' ? ZH : {};
  const translate = (template: string, replacements: Record<string, string> = {}) =>
    (table[template] ?? template).replace(/{([^}]+)}/g, (whole, key: string) => replacements[key] ?? whole);
  return { translate: ['value', translate] } as Module;
}
