import type { ServerPlugin } from '../core/server/plugin';

/**
 * The server side of the installed plugins, in order (the kernel and the shell's menus are always there).
 * A plugin with a server part is one import and one line here, next to its browser part in plugins.ts.
 */
export const serverPlugins: readonly ServerPlugin[] = [];
