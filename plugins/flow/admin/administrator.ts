import type { MiddlewareHandler } from 'hono';
import { type AppEnv, assertAdministrator, currentMember } from '../../../core/sdk/server';

/**
 * Models, deployments and every tenant's processes are the super administrator's alone: anyone else (a
 * tenant's own administrator included) is refused with 403 before the input is read, so a refused caller
 * learns nothing from validation messages.
 */
export const administratorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdministrator(currentMember(c));
  await next();
};

export const ADMIN_ONLY = { zh: '仅超级管理员。', en: 'The super administrator only.' };
