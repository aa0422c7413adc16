import { describe, expect, it } from '@rstest/core';
import { i18n } from '../../../i18n';
import '../../locales/shellui';
import { AVATAR_MAX_BYTES, avatarError, emailError, phoneError } from './validators';

const zh = i18n.getFixedT('zh');
const msg = (key: string | null) => (key ? zh(key) : null);

describe('phone validator', () => {
  it('gives the spec messages', () => {
    expect(msg(phoneError(''))).toBe('手机号码不能为空');
    expect(msg(phoneError(undefined))).toBe('手机号码不能为空');
    expect(msg(phoneError('   '))).toBe('手机号码不能为空');
    expect(msg(phoneError('1380013800'))).toBe('手机号码长度不为11位');
    expect(msg(phoneError('138001380000'))).toBe('手机号码长度不为11位');
    expect(msg(phoneError('23800138000'))).toBe('手机号码格式不正确');
    expect(msg(phoneError('1380013800a'))).toBe('手机号码格式不正确');
    expect(phoneError('13800138000')).toBeNull();
    expect(phoneError(' 19912345678 ')).toBeNull();
  });

  it('has English texts too', () => {
    const en = i18n.getFixedT('en');
    expect(en('info.phoneEmpty')).not.toBe('info.phoneEmpty');
    expect(en('info.phoneLength')).toContain('11');
  });
});

describe('email validator', () => {
  it('is optional but must look like an address', () => {
    expect(emailError('')).toBeNull();
    expect(emailError('a@b.co')).toBeNull();
    expect(emailError('nope')).toBe('info.emailFormat');
  });
});

describe('avatar checks', () => {
  it('accepts jpg and png up to 500 kB', () => {
    expect(avatarError({ type: 'image/jpeg', name: 'a.jpg', size: 1000 })).toBeNull();
    expect(avatarError({ type: 'image/png', name: 'a.png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarError({ type: '', name: 'photo.JPEG', size: 10 })).toBeNull();
  });

  it('refuses other types', () => {
    expect(msg(avatarError({ type: 'image/gif', name: 'a.gif', size: 10 }))).toBe('上传头像图片只能是 JPG/PNG 格式!');
    expect(avatarError({ type: 'image/webp', name: 'a.webp', size: 10 })).toBe('info.avatarType');
    expect(avatarError({ type: 'application/pdf', name: 'a.png', size: 10 })).toBe('info.avatarType');
    expect(avatarError({ type: '', name: 'a.bmp', size: 10 })).toBe('info.avatarType');
  });

  it('refuses files over 500 kB', () => {
    expect(msg(avatarError({ type: 'image/png', name: 'a.png', size: AVATAR_MAX_BYTES + 1 }))).toBe('上传头像图片大小不能超过 500KB!');
    expect(avatarError({ type: 'image/jpeg', name: 'a.jpg', size: 2 * 1024 * 1024 })).toBe('info.avatarSize');
  });
});
