import '@arco-design/web-react/es/_util/react-19-adapter';
import { afterEach } from '@rstest/core';
import { cleanup, configure } from '@testing-library/react';
import { config } from '../app/config';
import { setBaseTestSite } from '../core/testing/site';
import { installFetchXhr } from '../core/testing/xhr';

setBaseTestSite(config);

afterEach(() => cleanup());

// The whole suite shares two cores with the server and browser tests: a screen may take seconds to
// answer there. Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 20_000 });

// Browsers tag FormData as '[object FormData]' (alova sends such bodies as they are); happy-dom does not,
// so alova would turn an upload into JSON in unit tests. Give it the browsers' tag.
if (Object.prototype.toString.call(new FormData()) !== '[object FormData]') {
  Object.defineProperty(FormData.prototype, Symbol.toStringTag, { value: 'FormData', configurable: true });
}

// Uploads go over XMLHttpRequest (to report their progress); this one sends through the fetch a test
// stands in for, as every other call does.
installFetchXhr();
