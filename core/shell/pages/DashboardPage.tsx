import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Empty, Grid, Spin, Statistic } from '@arco-design/web-react';
import { IconApps, IconBug, IconClockCircle, IconLock, IconMenu, IconTags, IconUserGroup } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useStable } from '../../kernel/stable';
import { flattenLeaves, type MenuItem } from '../../menu';
import { errorLog } from '../../errorlog/errorlog';
import { session } from '../../session/session';
import { tabs } from '../../tabs/tabs';
import { preferences } from '../preferences';
import '../locales/shellui';
import './pages.css';

const { Row, Col } = Grid;

/** Pages per top-level menu section (a leaf at the top counts for itself). */
export function pagesPerSection(menu: readonly MenuItem[]): { section: string; pages: number }[] {
  return menu.map((item) => ({ section: item.label, pages: item.children.length ? flattenLeaves(item.children).length : 1 }));
}

/** `h:mm:ss` (or `m:ss`) of a duration in ms. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * The section chart. G2 (over 1 MB with its renderer) is imported here, when the chart mounts, so no
 * other page ever downloads it.
 */
function SectionChart({ data, dark, color, label }: { data: { section: string; pages: number }[]; dark: boolean; color: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const chartData = useStable(data);

  useEffect(() => {
    let disposed = false;
    let chart: { destroy: () => void } | null = null;
    setLoading(true);
    setFailed(false);
    import('@antv/g2')
      .then(async ({ Chart }) => {
        if (disposed || !ref.current) return;
        const c = new Chart({ container: ref.current, autoFit: true, insetTop: 20 });
        chart = c;
        c.theme({ type: dark ? 'classicDark' : 'classic', view: { viewFill: 'transparent' } });
        c.interval()
          .data(chartData)
          .encode('x', 'section')
          .encode('y', 'pages')
          .style('fill', color)
          .style('maxWidth', 48)
          .axis('x', { title: false })
          // Counts are whole numbers: no 0.5 ticks.
          .axis('y', { title: label, tickFilter: (d: unknown) => Number.isInteger(Number(d)) })
          .tooltip({ channel: 'y', name: label })
          .label({ text: 'pages', textBaseline: 'bottom', dy: -4 });
        await c.render();
      })
      .catch(() => !disposed && setFailed(true))
      .finally(() => !disposed && setLoading(false));
    return () => {
      disposed = true;
      chart?.destroy();
    };
    // The chart is rebuilt when the data, the theme, the colour or the language change.
  }, [chartData, dark, color, label]);

  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      {failed ? <Empty description={label} /> : <div ref={ref} className="ba-chart" />}
    </Spin>
  );
}

function Stat({ title, icon, value, suffix, hint }: { title: string; icon: ReactNode; value: ReactNode; suffix?: string; hint: string }) {
  return (
    <Card className="ba-page-card ba-stat" bordered={false}>
      <Statistic
        title={
          <>
            {icon}
            {title}
          </>
        }
        value={value as number}
        suffix={suffix}
        groupSeparator
      />
      <div className="ba-stat-hint">{hint}</div>
    </Card>
  );
}

/**
 * /wel/dashboard, the console: figures the browser actually knows about this session (menu, permissions,
 * roles, open tabs, logged errors, token age) and a chart of the menu. No invented business numbers.
 */
const DashboardPage = observer(function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);

  const menu = session.menu;
  const leaves = flattenLeaves(menu);
  const sections = pagesPerSection(menu);
  const tokenAge = session.tokenStoredAt ? formatDuration(now - session.tokenStoredAt) : '-';
  const loading = session.menuState === 'loading';

  const stats = [
    { key: 'pages', icon: <IconMenu />, value: leaves.length },
    { key: 'sections', icon: <IconApps />, value: menu.length },
    { key: 'permissions', icon: <IconLock />, value: session.permission.size },
    { key: 'roles', icon: <IconUserGroup />, value: session.roles.length },
    { key: 'tabs', icon: <IconTags />, value: tabs.list.length },
    { key: 'errors', icon: <IconBug />, value: errorLog.list.length },
    { key: 'tokenAge', icon: <IconClockCircle />, value: tokenAge },
  ];

  return (
    <div className="ba-page">
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={24} sm={12} md={8} lg={6} xxl={6}>
            <Stat title={t(`dashboard.${s.key}`)} icon={s.icon} value={s.value} hint={t(`dashboard.${s.key}Hint`)} />
          </Col>
        ))}
      </Row>
      <Card
        className="ba-page-card"
        bordered={false}
        title={t('dashboard.chartTitle')}
        extra={
          <Button type="text" size="small" onClick={() => navigate('/test/index')}>
            {t('dashboard.seePermissions')}
          </Button>
        }
      >
        {loading ? (
          <Spin style={{ display: 'block', padding: 48, textAlign: 'center' }} />
        ) : sections.length ? (
          <SectionChart data={sections} dark={preferences.dark} color={preferences.color} label={t('dashboard.chartPages')} />
        ) : (
          <Empty description={t('dashboard.noMenu')} />
        )}
      </Card>
    </div>
  );
});

export default DashboardPage;
