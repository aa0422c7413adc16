import { useEffect, useState, type MouseEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Menu, Message, Tabs, type DropdownProps } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { http } from '../../http';
import type { RegisteredRoute } from '../../plugin/registry';
import { session } from '../../session/session';
import { tabs, type Tab } from '../../tabs/tabs';
import { confirm } from '../confirm';
import { preferences } from '../preferences';
import { tabLabel } from './labels';
import '../locales/layout';

type Action = 'search' | 'closeOthers' | 'closeAll' | 'clearCache';

/**
 * A dropdown that Esc closes wherever the focus is (Arco only listens on its trigger element, which a
 * right click does not focus).
 */
function EscDropdown(props: DropdownProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setVisible(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);
  return <Dropdown {...props} popupVisible={visible} onVisibleChange={setVisible} />;
}

/**
 * The open pages: click to switch, × to close (not the home tab), and the same actions from a
 * right click on a tab or from the dropdown at the end: clear cache, close others, close all (+ search).
 * A tab whose page holds unsaved changes (useUnsavedChanges) is marked, and closing it asks first.
 */
export const TabStrip = observer(function TabStrip({ routes, current }: { routes: readonly RegisteredRoute[]; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  void preferences.language; // labels follow the language

  const clearCache = () => {
    confirm({
      title: t('tabs.confirmTitle'),
      content: t('tabs.clearCacheConfirm'),
      onOk: async () => {
        try {
          await http.get('/api/blade-auth/oauth/clear-cache');
          Message.success(t('tabs.clearCacheDone'));
        } catch {
          // The pipeline already showed why.
        }
      },
    });
  };

  // Tabs whose pages hold unsaved changes are closed only once the user agrees to lose them.
  const whenAgreed = (closing: readonly Tab[], close: () => void) => {
    const held = closing.filter((tab) => tabs.unsaved.has(tab.value));
    if (held.length === 0) return close();
    confirm({
      title: t('tabs.unsavedTitle'),
      content: t('tabs.unsavedContent', { pages: held.map((tab) => `「${tabLabel(tab, session.menu, routes, t)}」`).join(t('tabs.listSeparator')) }),
      okText: t('tabs.discard'),
      okButtonProps: { status: 'danger' },
      onOk: close,
    });
  };

  const run = (action: Action, tabValue?: string) => {
    switch (action) {
      case 'search':
        preferences.openSearch();
        break;
      case 'closeOthers':
        whenAgreed(tabs.closedBy('closeOthers', tabValue ?? current), () => {
          // A right-clicked tab becomes the current one first: "close others" keeps the tab you pointed at.
          if (tabValue && tabValue !== current) {
            tabs.select(tabValue);
            navigate(tabs.pathOf(tabValue));
          }
          tabs.closeOthers();
        });
        break;
      case 'closeAll':
        whenAgreed(tabs.closedBy('closeAll'), () => navigate(tabs.closeAll()));
        break;
      case 'clearCache':
        clearCache();
        break;
    }
  };

  const actions = (withSearch: boolean, tabValue?: string) => (
    <Menu
      onClickMenuItem={(key, event: MouseEvent) => {
        // The menu is a React child of the tab's title: a click that bubbled on would also select that
        // tab, undoing "close all".
        event.stopPropagation();
        run(key as Action, tabValue);
      }}
    >
      {withSearch ? <Menu.Item key="search">{t('tabs.search')}</Menu.Item> : null}
      <Menu.Item key="closeOthers">{t('tabs.closeOthers')}</Menu.Item>
      <Menu.Item key="closeAll">{t('tabs.closeAll')}</Menu.Item>
      <Menu.Item key="clearCache">{t('tabs.clearCache')}</Menu.Item>
    </Menu>
  );

  const menu = session.menu;
  const active = tabs.list.some((tab) => tab.value === current) ? current : tabs.active;

  return (
    <div className="ba-tabstrip">
      <Tabs
        type="card-gutter"
        size="small"
        editable
        showAddButton={false}
        activeTab={active}
        onChange={(value) => {
          tabs.select(value);
          navigate(tabs.pathOf(value));
        }}
        onDeleteTab={(value) =>
          whenAgreed(tabs.closedBy('close', value), () => {
            const next = tabs.close(value);
            if (value === current) navigate(tabs.pathOf(next));
          })
        }
        extra={
          <EscDropdown droplist={actions(true)} position="br" trigger="click">
            <Button className="ba-tabs-more" size="small" type="text" icon={<IconDown />} aria-label={t('tabs.menu')} />
          </EscDropdown>
        }
      >
        {tabs.list.map((tab) => {
          const label = tabLabel(tab, menu, routes, t);
          return (
            <Tabs.TabPane
              key={tab.value}
              closable={tab.close}
              title={
                <EscDropdown droplist={actions(false, tab.value)} trigger="contextMenu" position="bl">
                  {/* A long label is cut with an ellipsis; the tooltip shows it whole. */}
                  <span className={tabs.unsaved.has(tab.value) ? 'ba-tab-title is-unsaved' : 'ba-tab-title'} title={tabs.unsaved.has(tab.value) ? `${label} (${t('tabs.unsaved')})` : label}>
                    {label}
                  </span>
                </EscDropdown>
              }
            />
          );
        })}
      </Tabs>
    </div>
  );
});
