/**
 * The plugin authors' test harness: mount the kernel with one plugin, a signed-in user with chosen
 * permission codes, and either hand-written responses or the in-process reference server. See
 * docs/plugins.md, "Testing it alone". Nothing here loads anything from `plugins/`.
 */
export { renderPlugin, type RenderedPlugin, type RenderPluginOptions } from './render-plugin';
export { respond, type Handler, type Handlers } from './respond';
export { inProcessServer, type InProcessServer } from './in-process';
export { ok, page, fail, reply, type Backend, type RecordedCall, type TestUser } from './backend';
export { drawerOpened } from './drawer';
