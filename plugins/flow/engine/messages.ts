import type { LocalText } from '../../../core/sdk/shared';

/** The engine's refusals, in both languages. */
export const ENGINE_MSG = {
  tooLarge: (limit: string): LocalText => ({ zh: `流程文件过大（上限 ${limit}）`, en: `The process file is too large (at most ${limit})` }),
  unparsable: (reason: string): LocalText => ({ zh: `流程 XML 无法解析：${reason}`, en: `The process XML cannot be read: ${reason}` }),
  noDefinitions: { zh: '流程 XML 缺少 definitions 根元素', en: 'The process XML has no definitions element' },
  noExecutableProcess: { zh: '流程 XML 中没有可执行的流程（isExecutable="true"）', en: 'The process XML has no executable process (isExecutable="true")' },
  severalProcesses: { zh: '流程 XML 只能包含一个可执行的流程', en: 'The process XML may hold only one executable process' },
  badKey: (key: string): LocalText => ({
    zh: `流程标识「${key}」不合法：须以字母开头，只含字母、数字、_ - .，不超过 64 个字符`,
    en: `The process id "${key}" is not valid: a letter first, then letters, digits, _ - . (at most 64)`,
  }),
  bothNamespaces: { zh: '流程 XML 不能同时使用 camunda 与 flowable 命名空间', en: 'The process XML may not use both the camunda and the flowable namespace' },
  unsupportedElement: (type: string, id: string): LocalText => ({
    zh: `不支持的流程元素 ${type}（${id}）：仅支持开始事件、结束事件、用户任务、排他网关、并行网关与连线`,
    en: `Unsupported element ${type} (${id}): only start and end events, user tasks, exclusive and parallel gateways and sequence flows are supported`,
  }),
  unknownContent: (what: string): LocalText => ({ zh: `流程 XML 含有无法识别的内容：${what}`, en: `The process XML holds content that cannot be recognised: ${what}` }),
  eventDefinition: (id: string): LocalText => ({ zh: `事件（${id}）不支持定时、消息等事件定义`, en: `The event (${id}) may not have a timer, message or other event definition` }),
  oneStartEvent: { zh: '流程必须有且仅有一个开始事件', en: 'The process must have exactly one start event' },
  noEndEvent: { zh: '流程至少需要一个结束事件', en: 'The process needs at least one end event' },
  noAssignee: (name: string): LocalText => ({
    zh: `用户任务「${name}」未设置办理人或候选组/候选人`,
    en: `The user task "${name}" has no assignee and no candidate groups or users`,
  }),
  badExpression: (where: string, text: string, reason: string, position: number): LocalText => ({
    zh: `${where} 的表达式「${text}」无法解析（第 ${position + 1} 个字符：${reason}）`,
    en: `The expression "${text}" of ${where} cannot be read (at character ${position + 1}: ${reason})`,
  }),
  conditionNotExpression: (where: string, body: string): LocalText => ({
    zh: `${where} 的条件「${body}」必须是一个 \${…} 表达式`,
    en: `The condition "${body}" of ${where} must be one \${…} expression`,
  }),
  scriptCondition: (id: string): LocalText => ({ zh: `连线（${id}）的条件不能是脚本`, en: `The condition of the flow (${id}) may not be a script` }),
  danglingFlow: (id: string): LocalText => ({ zh: `连线（${id}）缺少起点或终点`, en: `The flow (${id}) lacks its source or target` }),
  noOutgoing: (id: string): LocalText => ({ zh: `元素（${id}）没有流出的连线`, en: `The element (${id}) has no outgoing flow` }),
  noIncoming: (id: string): LocalText => ({ zh: `元素（${id}）没有流入的连线`, en: `The element (${id}) has no incoming flow` }),
  badDefault: (id: string): LocalText => ({ zh: `网关（${id}）的默认连线不是它流出的连线`, en: `The default flow of the gateway (${id}) is not one of its outgoing flows` }),
  engineRefused: (reason: string): LocalText => ({ zh: `流程引擎无法加载该流程：${reason}`, en: `The engine cannot load the process: ${reason}` }),

  definitionNotFound: { zh: '流程定义不存在', en: 'The process definition does not exist' },
  suspended: { zh: '流程已挂起', en: 'The process is suspended' },
  startFailed: { zh: '开启流程失败', en: 'The process could not be started' },
  taskGone: { zh: '任务不存在或已被处理', en: 'The task does not exist or was handled already' },
  instanceNotRunning: { zh: '流程实例不存在或已结束', en: 'The process instance does not exist or has ended' },
  stepFailed: (element: string, reason: string): LocalText => ({
    zh: `流程在「${element}」处无法继续：${reason}`,
    en: `The process cannot go on at "${element}": ${reason}`,
  }),
  noFlowTaken: { zh: '没有满足条件的连线', en: 'no flow’s condition holds' },
  noAssigneeResolved: (name: string, text: string): LocalText => ({
    zh: `用户任务「${name}」的办理人「${text}」不是用户`,
    en: `The assignee "${text}" of the user task "${name}" is not a user`,
  }),
  badVariable: (name: string): LocalText => ({ zh: `流程变量「${name}」不合法`, en: `The process variable "${name}" is not valid` }),
  instanceOrDefinition: { zh: '请提供 processInstanceId 或 processDefinitionId', en: 'Give processInstanceId or processDefinitionId' },
  imageRefused: { zh: '流程图由浏览器绘制，请使用 XML', en: 'Diagrams are drawn in the browser: ask for the XML (resourceType=xml)' },
} as const;
