import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Badge } from '@arco-design/web-react';
import { IconBug } from '@arco-design/web-react/icon';
import { errorLog } from '../../errorlog/errorlog';
import { deferred } from '../deferred';
import '../locales/shellui';
import { TopButton } from './TopButton';

// Its table is fetched on the first opening, not with the layout every signed-in page loads.
const ErrorLogDialog = deferred<{ visible: boolean; onClose: () => void }>(() => import('./ErrorLogDialog').then((m) => ({ default: m.ErrorLogDialog })));

/** Largest count the badge spells out; above it shows "99+". */
export const LOG_BADGE_MAX = 99;

export function logBadgeText(count: number): string {
  return count > LOG_BADGE_MAX ? `${LOG_BADGE_MAX}+` : String(count);
}

/** Bug icon with the number of logged UI errors; opens the error-log viewer. */
export const ErrorLogButton = observer(function ErrorLogButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const count = errorLog.list.length;
  return (
    <>
      <TopButton
        label={`${t('logs.title')} (${logBadgeText(count)})`}
        icon={<IconBug />}
        badge={count > 0 ? <Badge count={count} maxCount={LOG_BADGE_MAX} /> : null}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened ? <ErrorLogDialog visible={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
});
