import { http } from '../http';
import { i18n, type TFunction } from '../i18n';
import { decideCan } from '../kernel/can';
import type { KernelServices } from '../kernel/context';
import { session } from '../session/session';
import { preferences } from '../shell/preferences';

const t: TFunction = i18n.t.bind(i18n) as TFunction;

/**
 * The kernel services of the kit's tests: the app's singletons, and `can` decided from the codes a test
 * grants on the session (no sign-in, no menu fetch, no plugin declaring a name).
 */
export const testKernel: KernelServices = {
  session,
  http,
  i18n,
  t,
  preferences,
  can: (code) => decideCan(code, { held: () => session.permission, declaredName: () => undefined, t }),
};
