// Nothing here imports Arco: /login shows without it. Arco's React 19 adapter (for the static
// Message/Modal/Notification) is imported by the chunks that use them: the main layout and the toasts.
import './site';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorCapture } from '../core/errorlog/capture';
import { errorLog } from '../core/errorlog/errorlog';
import { session } from '../core/session/session';
import { App } from '../core/shell/App';
import { createAppRegistry } from './plugins';

const rootHooks = installErrorCapture();
errorLog.restore();
session.restore();
const registry = createAppRegistry();

createRoot(document.getElementById('root')!, rootHooks).render(
  <StrictMode>
    <App registry={registry} />
  </StrictMode>,
);
