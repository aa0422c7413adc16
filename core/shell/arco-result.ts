import { Result } from '@arco-design/web-react';

// Arco's Result on its own, for Result's deferred import (its status illustrations are large).
export default Result;
