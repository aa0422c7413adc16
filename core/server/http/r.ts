import { localize, type LocalText } from '../i18n';
import { MSG } from './messages';

/** The BladeX response envelope `R<T>`: every API answer has this shape. Field order as Java emits it. */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

/** `R.data(x)`: 200 with the data; a null payload says so in `msg`, as BladeX does. */
export function rData<T>(data: T | null | undefined, msg: LocalText = MSG.success): R<T> {
  const empty = data === null || data === undefined;
  return { code: 200, success: true, data: empty ? null : data, msg: localize(empty ? MSG.noData : msg) };
}

/** `R.success(msg)`: 200, no data. */
export function rSuccess(msg: LocalText = MSG.success): R<null> {
  return { code: 200, success: true, data: null, msg: localize(msg) };
}

/** `R.fail(code, msg)`. */
export function rFail(msg: LocalText, code = 400): R<null> {
  return { code, success: code === 200, data: null, msg: localize(msg) };
}

/** `R.status(ok)`. */
export function rStatus(ok: boolean, msg?: LocalText): R<null> {
  return ok ? rSuccess(msg ?? MSG.success) : rFail(msg ?? MSG.failure);
}
