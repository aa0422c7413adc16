import type { ResultProps } from '@arco-design/web-react';
import { deferred } from './deferred';

/**
 * Arco's Result for the shell's failure and "not available" states, fetched when such a state first shows:
 * Arco's Result brings its 403/404/500 illustrations (about 80 kB) whatever the status, and a page that
 * works never shows one. Until it arrives (or if it cannot, as when the network is what failed) the same
 * title, detail and actions show as plain text.
 */
export const Result = deferred<ResultProps>(
  () => import('./arco-result'),
  ({ title, subTitle, extra }) => (
    <div className="ba-page-error" role="alert">
      {title ? <h2>{title}</h2> : null}
      {subTitle ? <p>{subTitle}</p> : null}
      {extra}
    </div>
  ),
);
