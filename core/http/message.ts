// Loaded on demand by toast.ts: Arco's Message (with its CSS and animation code) is not in the entry chunk.
// Message.error() renders with React 19's createRoot through Arco's adapter, which must run first.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';

export { Message };
