/** The BladeX response envelope `R<T>` (bladex-contract §1.1). Field order as Java emits it. */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

export const MSG_SUCCESS = '操作成功';
export const MSG_FAILURE = '操作失败';
export const MSG_NULL = '暂无承载数据';

/** `R.data(x)`: 200 with the data; a null payload says so in `msg`, as BladeX does. */
export function rData<T>(data: T | null | undefined, msg = MSG_SUCCESS): R<T> {
  const empty = data === null || data === undefined;
  return { code: 200, success: true, data: empty ? null : data, msg: empty ? MSG_NULL : msg };
}

/** `R.success(msg)`: 200, no data. */
export function rSuccess(msg = MSG_SUCCESS): R<null> {
  return { code: 200, success: true, data: null, msg };
}

/** `R.fail(code, msg)`. */
export function rFail(msg: string, code = 400): R<null> {
  return { code, success: code === 200, data: null, msg };
}

/** `R.status(ok)`. */
export function rStatus(ok: boolean, msg?: string): R<null> {
  return ok ? rSuccess(msg ?? MSG_SUCCESS) : rFail(msg ?? MSG_FAILURE);
}
