import { z } from 'zod';
import { zodMessage } from '../http/validate';

/**
 * The profile form's body (`POST /blade-user/update-info`). Only these fields can change here; anything
 * else in the body (roleId, deptId, account, password, tenantId…) is ignored, as in BladeX. A null or
 * absent field is left as it is.
 */
const phone = z.string().superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: zodMessage({ zh: '手机号码不能为空', en: 'The phone number is required' }) });
  else if (value.length !== 11) ctx.addIssue({ code: 'custom', message: zodMessage({ zh: '手机号码长度不为11位', en: 'The phone number must have 11 digits' }) });
  else if (!/^1\d{10}$/.test(value)) ctx.addIssue({ code: 'custom', message: zodMessage({ zh: '手机号码格式不正确', en: 'The phone number is malformed' }) });
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const profileSchema = z.object({
  // Our upload link (/api/…) or an http(s) URL: nothing that a browser would run (javascript:, data:).
  avatar: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v), zodMessage({ zh: '头像地址格式不正确', en: 'The avatar address is malformed' }))
    .nullish(),
  realName: z.string().trim().min(1).max(20).nullish(),
  name: z.string().trim().min(1).max(20).nullish(),
  phone: z.string().trim().pipe(phone).nullish(),
  email: z
    .string()
    .trim()
    .max(45)
    .refine((v) => v === '' || EMAIL.test(v), zodMessage({ zh: '邮箱格式不正确', en: 'The email address is malformed' }))
    .nullish(),
});

export type ProfileInput = z.output<typeof profileSchema>;

/** Body field → column. */
export const PROFILE_COLUMNS: Record<keyof ProfileInput, string> = {
  avatar: 'avatar',
  realName: 'real_name',
  name: 'name',
  phone: 'phone',
  email: 'email',
};
