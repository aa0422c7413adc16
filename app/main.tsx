// Nothing here imports Arco: /login shows without it. Arco's React 19 adapter (for the static
// Message/Modal/Notification) is imported by the chunks that use them: the main layout and the toasts.
import './site';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorCapture } from '../core/errorlog/capture';
import { errorLog } from '../core/errorlog/errorlog';
import { PluginLoader } from '../core/plugin/loader';
import { createRegistry } from '../core/plugin/registry';
import { session } from '../core/session/session';
import { App } from '../core/shell/App';
import { shellPlugin } from '../core/shell/plugin';
import { resourceScreen } from '../core/shell/resource-screen';
import { pluginChunks } from './plugin-chunks';
import { installedPlugins } from './plugins';

const rootHooks = installErrorCapture();
errorLog.restore();
session.restore();

// The shell is the kernel's own; the installed plugins a tenant has are loaded after sign-in.
const registry = createRegistry({ resourceScreen });
registry.register(shellPlugin);
const loader = new PluginLoader({ registry, installed: installedPlugins, chunks: pluginChunks });

createRoot(document.getElementById('root')!, rootHooks).render(
  <StrictMode>
    <App registry={registry} loader={loader} />
  </StrictMode>,
);
