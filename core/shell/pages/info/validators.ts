/**
 * Checks of the personal-info screen, as pure functions returning an i18n key (or null when fine) so
 * the form, the upload and the tests share them.
 */

/** 11 digits starting with 1. */
export function phoneError(value: unknown): string | null {
  const phone = value == null ? '' : String(value).trim();
  if (!phone) return 'info.phoneEmpty'; // 手机号码不能为空
  if (phone.length !== 11) return 'info.phoneLength'; // 手机号码长度不为11位
  if (!/^1\d{10}$/.test(phone)) return 'info.phoneFormat'; // 手机号码格式不正确
  return null;
}

export function emailError(value: unknown): string | null {
  const email = value == null ? '' : String(value).trim();
  if (!email) return null; // optional
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : 'info.emailFormat';
}

/** At most 500 kB. */
export const AVATAR_MAX_BYTES = 500 * 1024;

/** jpg/png only (by MIME type, or by extension when the browser gives no type), at most 500 kB. */
export function avatarError(file: { type?: string; name?: string; size: number }): string | null {
  const type = (file.type ?? '').toLowerCase();
  const byType = type === 'image/jpeg' || type === 'image/png' || type === 'image/jpg';
  const byName = !type && /\.(jpe?g|png)$/i.test(file.name ?? '');
  if (!byType && !byName) return 'info.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'info.avatarSize';
  return null;
}
