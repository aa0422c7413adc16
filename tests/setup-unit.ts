import '@arco-design/web-react/es/_util/react-19-adapter';
import { afterEach } from '@rstest/core';
import { cleanup } from '@testing-library/react';
import { config } from '../app/config';
import { setBaseTestSite } from '../core/testing/site';

setBaseTestSite(config);

afterEach(() => cleanup());

// Browsers tag FormData as '[object FormData]' (alova sends such bodies as they are); happy-dom does not,
// so alova would turn an upload into JSON in unit tests. Give it the browsers' tag.
if (Object.prototype.toString.call(new FormData()) !== '[object FormData]') {
  Object.defineProperty(FormData.prototype, Symbol.toStringTag, { value: 'FormData', configurable: true });
}
