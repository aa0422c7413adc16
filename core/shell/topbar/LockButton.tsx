import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { IconLock } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { session } from '../../session/session';
import { deferred } from '../deferred';
import { TopButton } from './TopButton';
import '../locales/shellui';

// Its form is fetched on the first opening, not with the layout every signed-in page loads.
const LockDialog = deferred(() => import('./LockDialog'));

/** The lock page is opened this long after locking, so the dialog can close first. */
export const LOCK_REDIRECT_DELAY = 100;

/** Asks for a lock password, locks the session and goes to the lock page. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  const lock = async (password: string) => {
    await session.lock(password);
    setOpen(false);
    window.setTimeout(() => navigate(siteConfig().lockPath), LOCK_REDIRECT_DELAY);
  };

  return (
    <>
      <TopButton
        label={t('top.lock')}
        icon={<IconLock />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened ? <LockDialog visible={open} onLock={lock} onCancel={() => setOpen(false)} /> : null}
    </>
  );
}
