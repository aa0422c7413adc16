import type { LocalText } from '../../../core/sdk/shared';

/** The administration's messages, in both languages; the Chinese success messages are BladeX's own. */
export const ADMIN_MSG = {
  deployed: { zh: '部署成功', en: 'Deployed' },
  removed: { zh: '删除成功', en: 'Deleted' },
  modelNotFound: { zh: '模型不存在', en: 'The model does not exist' },
  modelKey: {
    zh: '模型标识须以字母或下划线开头，只含字母、数字、下划线、点和短横线，最多 64 个字符',
    en: 'The model key starts with a letter or an underscore and holds only letters, digits, underscores, dots and dashes, at most 64 characters',
  },
  modelKeyTaken: (key: string): LocalText => ({ zh: `模型标识「${key}」已被其他模型使用`, en: `The model key "${key}" is used by another model` }),
  processIdMismatch: (processId: string, key: string): LocalText => ({
    zh: `流程图中的流程标识「${processId}」与模型标识「${key}」不一致`,
    en: `The process id "${processId}" in the diagram differs from the model key "${key}"`,
  }),
  xmlTooLarge: { zh: '流程图 XML 不能超过 1 MB', en: 'The process XML may be at most 1 MB' },
  requestTooLarge: { zh: '请求内容过大：流程图 XML 不能超过 1 MB', en: 'The request is too large: the process XML may be at most 1 MB' },
  unknownCategory: (category: string): LocalText => ({ zh: `流程分类「${category}」不存在`, en: `There is no process category "${category}"` }),
  unknownTenant: (tenantId: string): LocalText => ({ zh: `租户「${tenantId}」不存在`, en: `There is no tenant "${tenantId}"` }),
  definitionNotFound: (id: string): LocalText => ({ zh: `流程定义「${id}」不存在`, en: `There is no process definition "${id}"` }),
  alreadyActive: (id: string): LocalText => ({ zh: `流程定义「${id}」已是激活状态`, en: `The process definition "${id}" is active already` }),
  alreadySuspended: (id: string): LocalText => ({ zh: `流程定义「${id}」已是挂起状态`, en: `The process definition "${id}" is suspended already` }),
  deploymentNotFound: (id: string): LocalText => ({ zh: `部署「${id}」不存在`, en: `There is no deployment "${id}"` }),
  instanceNotFound: { zh: '流程实例不存在或已结束', en: 'The process instance does not exist or has ended' },
  notBpmn: { zh: '文件不是 UTF-8 编码的 BPMN 2.0 XML', en: 'The file is not BPMN 2.0 XML encoded in UTF-8' },
  fileTooLarge: { zh: '流程文件不能超过 1 MB', en: 'A process file may be at most 1 MB' },
  uploadTooLarge: { zh: '上传内容过大：每个流程文件不能超过 1 MB，一次最多 10 个', en: 'The upload is too large: each process file may be at most 1 MB, at most 10 at once' },
  noFiles: { zh: '请选择流程文件', en: 'Please choose a process file' },
  tooManyFiles: { zh: '一次最多上传 10 个流程文件', en: 'At most 10 process files at once' },
  fileRefused: (name: string, reason: LocalText): LocalText => ({ zh: `文件「${name}」：${reason.zh}`, en: `File "${name}": ${reason.en}` }),
  checked: { zh: '可以部署', en: 'Ready to deploy' },
} as const;
