import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Avatar, Button, Card, Empty, Skeleton, Tag } from '@arco-design/web-react';
import { IconDashboard, IconSearch, IconUser } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { flattenLeaves, itemPathname, openMenuItem } from '../../menu';
import { session } from '../../session/session';
import { HomeCards } from '../home/HomeCards';
import { MenuIcon } from '../icons';
import { preferences } from '../preferences';
import { displayName } from '../topbar/UserMenu';
import '../locales/shellui';
import './pages.css';

const SHORTCUTS = 8;

/** Greeting key for the hour of the day. */
export function greetingKey(hour: number): string {
  if (hour < 6) return 'home.night';
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/** /wel/index: greeting, today's date, quick links, the plugins' cards, and shortcuts to the user's own pages. */
const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = session.userInfo;
  const name = displayName(info);
  const now = new Date();
  const date = new Intl.DateTimeFormat(preferences.language === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'full' }).format(now);
  const home = siteConfig().homePath;
  const leaves = flattenLeaves(session.menu).filter((leaf) => itemPathname(leaf) !== home).slice(0, SHORTCUTS);
  const loading = session.menuState === 'loading';

  return (
    <div className="ba-page" data-testid="home-page">
      <Card className="ba-page-card" bordered={false}>
        <div className="ba-welcome">
          <Avatar size={64} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
            {info?.avatar ? <img src={info.avatar} alt="" /> : <IconUser />}
          </Avatar>
          <div>
            <h1>{t(greetingKey(now.getHours()), { name: name || t('home.guest') })}</h1>
            <div className="ba-welcome-date">{date}</div>
            <div style={{ marginTop: 8, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
              {session.roles.map((role) => (
                <Tag key={role} color="arcoblue" size="small">
                  {role}
                </Tag>
              ))}
            </div>
          </div>
          <div className="ba-welcome-links">
            <Button type="primary" icon={<IconDashboard />} onClick={() => navigate('/wel/dashboard')}>
              {t('home.dashboard')}
            </Button>
            <Button icon={<IconUser />} onClick={() => navigate('/info/index')}>
              {t('home.info')}
            </Button>
            <Button icon={<IconSearch />} onClick={() => preferences.openSearch()}>
              {t('home.search')}
            </Button>
          </div>
        </div>
      </Card>
      <HomeCards />
      <Card className="ba-page-card" bordered={false} title={t('home.shortcuts')}>
        {loading ? (
          <Skeleton animation text={{ rows: 3 }} />
        ) : leaves.length === 0 ? (
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
          <div className="ba-grid">
            {leaves.map((leaf) => (
              <button key={leaf.id} type="button" className="ba-shortcut" onClick={() => openMenuItem(leaf, (to) => navigate(to))}>
                <span className="ba-shortcut-icon">
                  <MenuIcon name={leaf.icon} />
                </span>
                <span style={{ minWidth: 0 }} title={leaf.label}>
                  {leaf.label}
                  <span className="ba-shortcut-path" title={leaf.external ? undefined : itemPathname(leaf)}>
                    {leaf.external ? t('home.external') : itemPathname(leaf)}
                  </span>
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
