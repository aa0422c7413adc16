import { defineServerPlugin } from '../../core/server/plugin';
import deptPlugin from './index';

/**
 * Departments on the engine, with its tree trait. The trees are the choices of selectors (a user's
 * departments), open to any member of the tenant as BladeX opens them: names only.
 */
export default defineServerPlugin(deptPlugin, { resources: { dept: { access: { options: 'member' } } } });
