import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Avatar, Button, Input } from '@arco-design/web-react';
import { IconUnlock } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { siteConfig } from '../../config';
import { session } from '../../session/session';
import { tabs } from '../../tabs/tabs';
import '../locales/pages';
import './lock.css';

/**
 * The lock screen: the user, a password field, unlock; and a way out (sign out). After
 * unlocking, back to the tab that was active.
 */
export const LockPage = observer(function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const user = session.userInfo;
  const name = user?.real_name || user?.nick_name || user?.account || '';

  const unlock = async () => {
    if (busy) return;
    if (!password) {
      setError(t('lock.required'));
      return;
    }
    setBusy(true);
    const unlocked = await session.unlock(password).catch(() => false);
    setBusy(false);
    if (!unlocked) {
      setError(t('lock.wrong'));
      setPassword('');
      return;
    }
    navigate(tabs.active || siteConfig().homePath, { replace: true });
  };

  return (
    <div className="ba-lock">
      <main className="ba-lock-card">
        <Avatar size={72} className="ba-lock-avatar">
          {user?.avatar ? <img src={user.avatar} alt="" /> : name.slice(0, 1)}
        </Avatar>
        <div className="ba-lock-name">{name}</div>
        <div className="ba-lock-hint">{t('lock.locked')}</div>
        <form
          className="ba-lock-form"
          onSubmit={(event) => {
            event.preventDefault();
            void unlock();
          }}
        >
          <Input.Password
            data-testid="lock-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (error) setError('');
            }}
            placeholder={t('lock.placeholder')}
            aria-label={t('lock.password')}
            aria-invalid={error ? true : undefined}
            aria-describedby="ba-lock-error"
            status={error ? 'error' : undefined}
            autoFocus
          />
          <Button data-testid="lock-submit" type="primary" htmlType="submit" icon={<IconUnlock />}>
            {t('lock.unlock')}
          </Button>
        </form>
        <div id="ba-lock-error" className="ba-lock-error" role="alert">
          {error}
        </div>
        <button type="button" className="ba-lock-logout" onClick={() => void session.logout()}>
          {t('lock.logout')}
        </button>
      </main>
    </div>
  );
});

export default LockPage;
