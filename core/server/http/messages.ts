import { malformedFilter, unsupportedFilter } from '../../schema/filters';
import type { LocalText } from '../i18n';

/**
 * The kernel's messages for people, in both languages (answered in the caller's, see ../i18n.ts). The
 * Chinese texts are BladeX's own words, kept byte for byte: clients and tests match on them. A plugin keeps
 * its own messages in its own folder.
 */
export const MSG = {
  success: { zh: '操作成功', en: 'Success' },
  failure: { zh: '操作失败', en: 'The operation failed' },
  noData: { zh: '暂无承载数据', en: 'No data' },

  unauthorized: { zh: '请求未授权', en: 'The request is not authorized' },
  forbidden: { zh: '请求被拒绝', en: 'The request was refused' },
  noPermission: { zh: '没有权限执行此操作', en: 'You have no permission to do this' },
  pluginDisabled: { zh: '当前租户未开通此功能', en: 'This feature is not enabled for your tenant' },
  routeNotFound: { zh: '404 没找到请求', en: '404 Not found' },
  serverError: { zh: '服务器异常', en: 'Server error' },

  tooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  unreadable: { zh: '消息不能读取', en: 'The message cannot be read' },
  bodyMissing: { zh: '缺少必要的请求体', en: 'The request body is missing' },
  badJson: { zh: '消息不能读取: 请求体不是合法的 JSON', en: 'The message cannot be read: the body is not valid JSON' },
  badForm: { zh: '消息不能读取: 表单格式错误', en: 'The message cannot be read: malformed form' },
  needMultipart: { zh: '消息不能读取: 需要 multipart/form-data', en: 'The message cannot be read: multipart/form-data expected' },
  invalidCharacter: { zh: '参数包含非法字符', en: 'The request contains an invalid character' },

  notFound: { zh: '数据不存在', en: 'The record does not exist' },
  exists: { zh: '数据已存在', en: 'The record already exists' },
  hasChildren: { zh: '请先删除子节点!', en: 'Delete its child nodes first' },
  /** The `parentName` of a tree's root rows. */
  topLevel: { zh: '顶级', en: 'Top level' },

  missingParam: (name: string): LocalText => ({ zh: `缺少必要的请求参数: ${name}`, en: `Missing required parameter: ${name}` }),
  badFormat: (name: string): LocalText => ({ zh: `请求参数格式错误: ${name}`, en: `Malformed parameter: ${name}` }),
  tooLong: (name: string, n: number): LocalText => ({ zh: `${name}: 长度不能超过${n}个字符`, en: `${name}: at most ${n} characters` }),
  tooShort: (name: string, n: number): LocalText => ({ zh: `${name}: 长度不能少于${n}个字符`, en: `${name}: at least ${n} characters` }),
  tooFewItems: (name: string, n: number): LocalText => ({ zh: `${name}: 至少需要${n}项`, en: `${name}: at least ${n} items` }),
  tooManyItems: (name: string, n: number): LocalText => ({ zh: `${name}: 最多${n}项`, en: `${name}: at most ${n} items` }),
  moneyInFen: (name: string): LocalText => ({ zh: `${name}: 金额须为整数（单位：分）`, en: `${name}: must be a whole number of fen` }),
  belowMin: (name: string, n: number | string): LocalText => ({ zh: `${name}: 不能小于${n}`, en: `${name}: must not be less than ${n}` }),
  aboveMax: (name: string, n: number | string): LocalText => ({ zh: `${name}: 不能大于${n}`, en: `${name}: must not be greater than ${n}` }),
  unsupportedSort: (name: string): LocalText => ({ zh: `不支持的排序字段: ${name}`, en: `Unsupported sort field: ${name}` }),
  unsupportedFilter,
  malformedFilter,
} as const;
