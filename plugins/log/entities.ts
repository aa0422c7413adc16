import { defineEntity, type FieldDef } from '../../core/sdk/shared';

/**
 * The three logs the server writes (business events, API calls, errors), as the engine reads them. The
 * tables are the kernel's (it writes them off the request path), so `syncTable: false`: the engine never
 * alters them, and no row is ever added, changed or removed here (logs are evidence). Lists run newest
 * first on the tables' (tenant_id, create_time) indexes; a list answers no stack and no parameters, the
 * row's detail does.
 */

/** HTTP methods a log row may name. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** What BladeX's log tables have in common, in the order a row's detail shows them. */
const shared = {
  requestId: { type: 'string', label: { zh: '请求ID', en: 'Request ID' }, maxLength: 128, search: 'equal', width: 130 },
  requestUri: { type: 'string', label: { zh: '请求地址', en: 'Request URI' }, maxLength: 2000, search: 'like', width: 260 },
  method: {
    type: 'select',
    label: { zh: '请求方法', en: 'Method' },
    options: HTTP_METHODS.map((m) => ({ value: m as string, label: { zh: m as string, en: m as string } })),
    maxLength: 10,
    search: 'equal',
    width: 96,
  },
  createBy: { type: 'string', label: { zh: '操作账号', en: 'Account' }, maxLength: 64, search: 'like', width: 120 },
  remoteIp: { type: 'string', label: { zh: '操作IP', en: 'IP' }, maxLength: 255, width: 130 },
  serviceId: { type: 'string', label: { zh: '服务ID', en: 'Service' }, maxLength: 32, list: false, filters: ['equal', 'notequal'] },
  // The API log keeps the call's milliseconds here; the other two the time it happened, as text.
  time: { type: 'string', label: { zh: '时间', en: 'Time' }, maxLength: 64, list: false },
  createTime: { type: 'datetime', label: { zh: '记录时间', en: 'Logged at' }, width: 170 },
} satisfies Record<string, FieldDef>;

/** Who made the call a row records and what they sent: never a column, the detail shows them. */
const caller = {
  userId: { type: 'id', label: { zh: '用户ID', en: 'User ID' }, list: false },
  userAgent: { type: 'string', label: { zh: '用户代理', en: 'User agent' }, maxLength: 1000, list: false },
  params: { type: 'text', label: { zh: '请求参数', en: 'Parameters' }, maxLength: 20000, list: false },
} satisfies Record<string, FieldDef>;

/** The server that answered, as BladeX's tables keep it: never a column. */
const answeringServer = {
  serverHost: { type: 'string', label: { zh: '服务器名', en: 'Server host' }, maxLength: 255, list: false },
  serverIp: { type: 'string', label: { zh: '服务器IP', en: 'Server IP' }, maxLength: 255, list: false },
  env: { type: 'string', label: { zh: '系统环境', en: 'Environment' }, maxLength: 255, list: false },
  methodClass: { type: 'string', label: { zh: '方法类', en: 'Class' }, maxLength: 255, list: false },
  methodName: { type: 'string', label: { zh: '方法名', en: 'Method name' }, maxLength: 255, list: false },
} satisfies Record<string, FieldDef>;

/** Common to the three: the kernel's table, read as it is, newest first, tenants apart. */
const logBase = {
  syncTable: false,
  audit: false,
  logicalDelete: false,
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
} as const;

export const apiLogEntity = defineEntity({
  ...logBase,
  name: 'logApi',
  label: { zh: 'API日志', en: 'API log' },
  table: 'blade_log_api',
  permission: 'log_api',
  api: { base: '/api/blade-log/api' },
  fields: {
    requestId: shared.requestId,
    method: shared.method,
    requestUri: shared.requestUri,
    route: { type: 'string', label: { zh: '路由', en: 'Route' }, maxLength: 255, list: false, filters: ['equal', 'like'] },
    status: { type: 'integer', label: { zh: '状态', en: 'Status' }, min: 0, max: 999, filters: ['equal', 'ge', 'lt'], width: 90 },
    time: { ...shared.time, label: { zh: '耗时', en: 'Duration' }, list: true, width: 100 },
    createBy: shared.createBy,
    remoteIp: shared.remoteIp,
    createTime: shared.createTime,
    type: { type: 'string', label: { zh: '日志类型', en: 'Type' }, maxLength: 16, list: false },
    title: { type: 'string', label: { zh: '日志标题', en: 'Title' }, maxLength: 255, list: false },
    ...caller,
    serviceId: shared.serviceId,
    ...answeringServer,
  },
});

/** What a browser's error report is stored under (`service_id`): every other row is the server's. */
export const BROWSER_SERVICE = 'browser';

export const errorLogEntity = defineEntity({
  ...logBase,
  name: 'logError',
  label: { zh: '错误日志', en: 'Error log' },
  table: 'blade_log_error',
  permission: 'log_error',
  api: { base: '/api/blade-log/error' },
  fields: {
    requestId: shared.requestId,
    // Shown as where the error happened: the browser or the server.
    serviceId: { ...shared.serviceId, label: { zh: '来源', en: 'Source' }, list: true, width: 90 },
    exceptionName: { type: 'string', label: { zh: '异常名', en: 'Exception' }, maxLength: 255, search: 'like', width: 170 },
    message: { type: 'text', label: { zh: '异常信息', en: 'Message' }, maxLength: 4000, width: 260 },
    method: { ...shared.method, list: false },
    requestUri: shared.requestUri,
    createBy: shared.createBy,
    createTime: shared.createTime,
    remoteIp: { ...shared.remoteIp, list: false },
    fileName: { type: 'string', label: { zh: '文件名', en: 'File' }, maxLength: 1000, list: false },
    lineNumber: { type: 'integer', label: { zh: '行号', en: 'Line' }, list: false },
    stackTrace: { type: 'text', label: { zh: '堆栈', en: 'Stack trace' }, maxLength: 20000, list: false },
    info: { type: 'text', label: { zh: '附加信息', en: 'Details' }, maxLength: 4000, list: false },
    time: shared.time,
    ...caller,
    ...answeringServer,
  },
});

/** Levels of a business event. */
export const LOG_LEVELS = [
  { value: 'info', label: { zh: '信息', en: 'Info' }, color: 'arcoblue' },
  { value: 'warn', label: { zh: '警告', en: 'Warning' }, color: 'orange' },
  { value: 'error', label: { zh: '错误', en: 'Error' }, color: 'red' },
];

export const usualLogEntity = defineEntity({
  ...logBase,
  name: 'logUsual',
  label: { zh: '通用日志', en: 'Event log' },
  table: 'blade_log_usual',
  permission: 'log_usual',
  api: { base: '/api/blade-log/usual' },
  fields: {
    logId: { type: 'string', label: { zh: '事件', en: 'Event' }, maxLength: 100, search: 'like', width: 170 },
    logLevel: { type: 'select', label: { zh: '级别', en: 'Level' }, options: LOG_LEVELS, maxLength: 10, search: 'equal', width: 110 },
    logData: { type: 'text', label: { zh: '内容', en: 'Details' }, maxLength: 20000, width: 320 },
    createBy: shared.createBy,
    requestId: shared.requestId,
    remoteIp: { ...shared.remoteIp, list: false },
    createTime: shared.createTime,
    method: { ...shared.method, list: false, search: undefined },
    requestUri: { ...shared.requestUri, list: false, search: undefined },
    ...caller,
    time: shared.time,
    serviceId: shared.serviceId,
    ...answeringServer,
  },
});

export type ApiLogEntity = typeof apiLogEntity;
export type ErrorLogEntity = typeof errorLogEntity;
export type UsualLogEntity = typeof usualLogEntity;
