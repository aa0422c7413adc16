// Loaded on demand by toast.ts: Arco's Message (with its CSS and animation code) is not in the entry chunk.
import { Message } from '@arco-design/web-react';

export { Message };
