/**
 * The plugins installed in this product: the folder names under `plugins/`, one line each. Adding or
 * removing a plugin is one line here and a restart: the server loads `plugins/<id>/server.ts`
 * (app/server-plugins.ts), the browser builds `plugins/<id>/index.ts` into a chunk of its own
 * (app/plugin-chunks.ts) and requests it only when the signed-in user's tenant has the plugin.
 * The shell (core/shell) is the kernel's own and always there. Nothing is imported here: both the
 * server and the browser entry read this list.
 */
export const installedPlugins = [
  'dict',
  'param',
  'post',
  'dept',
  'role',
  'datasource',
  'code',
  'client',
  'tenant',
  'user',
  'menu',
  'topmenu',
  'region',
  'scope',
  'card',
  'visit',
  'mall',
  'certificate',
  'genius',
  'course',
  'desk',
  'flow',
  'leave',
  'log',
  'resource',
  'report',
] as const;

export type InstalledPluginId = (typeof installedPlugins)[number];
