import '@arco-design/web-react/es/_util/react-19-adapter';
import { afterEach } from '@rstest/core';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
