// Arco's static Message/Modal/Notification need React 19's createRoot: this import must come first.
import '@arco-design/web-react/es/_util/react-19-adapter';
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
