import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Avatar, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconHome, IconPoweroff, IconUser } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { session } from '../../session/session';
import { confirm } from '../confirm';
import { TopButton } from './TopButton';
import '../locales/shellui';
import './topbar.css';

/** The name shown for the signed-in user: nickname, then real name, then account. */
export function displayName(info: { nick_name?: string; real_name?: string; account?: string; user_name?: string } | null): string {
  return info?.nick_name || info?.real_name || info?.account || info?.user_name || '';
}

/** Avatar and name; personal info, home, and sign-out (after a confirmation). */
export const UserMenu = observer(function UserMenu({ showName = true }: { showName?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = session.userInfo;
  const name = displayName(info);

  const logout = () =>
    confirm({
      title: t('top.tip'),
      content: t('top.logoutConfirm'),
      onOk: async () => {
        try {
          await session.logout();
        } finally {
          // Even when the server call fails the local session is gone: leave for the login page.
          navigate('/login');
        }
      },
    });

  const onClick = (key: string) => {
    if (key === 'info') navigate('/info/index');
    else if (key === 'home') navigate(siteConfig().homePath);
    else if (key === 'logout') logout();
  };

  const droplist = (
    <Menu onClickMenuItem={onClick}>
      <Menu.Item key="info">
        <IconUser style={{ marginRight: 8 }} />
        {t('top.userInfo')}
      </Menu.Item>
      <Menu.Item key="home">
        <IconHome style={{ marginRight: 8 }} />
        {t('top.home')}
      </Menu.Item>
      <Menu.Item key="logout">
        <IconPoweroff style={{ marginRight: 8 }} />
        {t('top.logout')}
      </Menu.Item>
    </Menu>
  );

  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <TopButton
        className="ba-top-user"
        label={t('top.userMenu', { name })}
        icon={
          <Avatar size={28} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
            {info?.avatar ? <img src={info.avatar} alt="" /> : name.slice(0, 1).toUpperCase() || <IconUser />}
          </Avatar>
        }
      >
        {showName && name ? <span className="ba-top-user-name">{name}</span> : null}
        <IconDown style={{ fontSize: 12 }} />
      </TopButton>
    </Dropdown>
  );
});
