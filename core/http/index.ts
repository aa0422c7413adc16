export { http, alova, requestMethod, type MethodOptions } from './client';
export { setAuthHooks } from './auth';
export { withQuery } from './query';
export { judgeResponse } from './rule';
export { HttpError } from './types';
export type { R, Page, Params, RequestOptions, UploadOptions, UploadProgress, HttpErrorKind } from './types';
export { toastError, toastSuccess, toastWarning } from './toast';
