import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Avatar, Button, Card, Empty, Skeleton, Tag } from '@arco-design/web-react';
import { IconDashboard, IconSearch, IconUser } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { flattenLeaves, openMenuItem } from '../../menu';
import { session } from '../../session/session';
import { HomeCards } from '../home/HomeCards';
import { HomeCardsEmpty } from '../home/HomeCardsEmpty';
import { homeShortcuts } from '../home/shortcuts';
import { MenuIcon } from '../icons';
import { preferences } from '../preferences';
import { displayName } from '../topbar/UserMenu';
import '../locales/shellui';
import '../home/home.css';
import './pages.css';

const SHORTCUTS = 8;
const INFO_PATH = '/info/index';
const CONSOLE_PATH = '/wel/dashboard';
/**
 * The developer demos' menu (the permission map): whoever has it in their menu is offered the console
 * too. Only the super administrator is shown it; a business user's home holds no developer entry.
 */
const DEVELOPER_MENU = 'test';

/** Greeting key for the hour of the day. */
export function greetingKey(hour: number): string {
  if (hour < 6) return 'home.night';
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/**
 * /wel/index, a business user's start: the greeting, then the plugins' cards (what is happening in the
 * business, the page's heart), then shortcuts to the user's screens named as the menu names them.
 */
const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = session.userInfo;
  const name = displayName(info);
  const now = new Date();
  const date = new Intl.DateTimeFormat(preferences.language === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'full' }).format(now);
  const shortcuts = homeShortcuts(session.menu, [siteConfig().homePath, INFO_PATH], SHORTCUTS);
  const loading = session.menuState === 'idle' || session.menuState === 'loading';
  const developer = flattenLeaves(session.menu).some((item) => item.code === DEVELOPER_MENU);

  return (
    <div className="ba-page ba-home" data-testid="home-page">
      <Card className="ba-page-card ba-home-hero" bordered={false}>
        <div className="ba-welcome">
          <Avatar size={56} style={{ backgroundColor: 'rgb(var(--primary-6))', flex: 'none' }}>
            {info?.avatar ? <img src={info.avatar} alt="" /> : <IconUser />}
          </Avatar>
          <div className="ba-welcome-text">
            <h1>{t(greetingKey(now.getHours()), { name: name || t('home.guest') })}</h1>
            <div className="ba-welcome-date">
              <span>{date}</span>
              {session.roles.map((role) => (
                <Tag key={role} color="arcoblue" size="small">
                  {role}
                </Tag>
              ))}
            </div>
          </div>
          <nav className="ba-welcome-links" aria-label={t('home.links')}>
            <Button type="text" size="small" icon={<IconUser />} onClick={() => navigate(INFO_PATH)}>
              {t('home.info')}
            </Button>
            <Button type="text" size="small" icon={<IconSearch />} onClick={() => preferences.openSearch()}>
              {t('home.search')}
            </Button>
            {developer ? (
              <Button type="text" size="small" icon={<IconDashboard />} onClick={() => navigate(CONSOLE_PATH)} data-testid="home-console">
                {t('home.dashboard')}
              </Button>
            ) : null}
          </nav>
        </div>
      </Card>
      <HomeCards empty={<HomeCardsEmpty />} />
      <Card className="ba-page-card" bordered={false} title={t('home.shortcuts')}>
        {loading ? (
          <Skeleton animation text={{ rows: 2 }} />
        ) : shortcuts.length === 0 ? (
          <Empty
            description={
              session.menuState === 'error' ? (
                <Button type="text" onClick={() => void session.loadMenu()}>
                  {t('home.retry')}
                </Button>
              ) : (
                t('home.noShortcuts')
              )
            }
          />
        ) : (
          <div className="ba-home-shortcuts" data-testid="home-shortcuts">
            {shortcuts.map(({ item, group }) => (
              <button key={item.id} type="button" className="ba-shortcut" onClick={() => openMenuItem(item, (to) => navigate(to))}>
                <span className="ba-shortcut-icon">
                  <MenuIcon name={item.icon} />
                </span>
                <span className="ba-shortcut-text">
                  <span className="ba-shortcut-label" title={item.label}>
                    {item.label}
                  </span>
                  {group || item.external ? (
                    <span className="ba-shortcut-group">{[group, item.external ? t('home.external') : null].filter(Boolean).join(' · ')}</span>
                  ) : null}
                </span>
              </button>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
});

export default HomePage;
