import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router-dom';
import { Empty, Input, Modal } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconSearch } from '@arco-design/web-react/icon';
import { flattenLeaves, itemPathname, openMenuItem, type MenuItem } from '../../menu';
import { session } from '../../session/session';
import { MenuIcon } from '../icons';
import { preferences } from '../preferences';
import '../locales/shellui';
import './topbar.css';

/** How well a leaf matches: its name starts with the query, contains it, or its path or code does; or not. */
function matchRank(item: MenuItem, q: string): number {
  const label = item.label.toLowerCase();
  if (label.startsWith(q)) return 0;
  if (label.includes(q)) return 1;
  if (itemPathname(item).toLowerCase().includes(q) || (item.code ?? '').toLowerCase().includes(q)) return 2;
  return -1;
}

/**
 * Leaves matching the query, ignoring case: those whose name starts with it first (the rule users of the
 * original know), then those whose name contains it ("管理" finds every "… 管理"), then those whose path or
 * menu code does ("dict" finds the dictionaries in Chinese too). Menu order within each group. An empty
 * query lists every leaf.
 */
export function filterMenu(items: readonly MenuItem[], query: string): MenuItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...items];
  const ranked = items.map((item) => ({ item, rank: matchRank(item, q) })).filter((entry) => entry.rank >= 0);
  // Array.prototype.sort is stable: the menu's order holds within a rank.
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.item);
}

/**
 * The menu finder overlay: type part of a menu name (or path), move with ↑/↓, open with Enter, leave with Esc.
 * Shown while `preferences.searchOpen` (the top-bar button, the tab strip's "search" entry).
 */
export const MenuSearch = observer(function MenuSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<RefInputType>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const open = preferences.searchOpen;
  const menu = session.menu;
  const leaves = useMemo(() => flattenLeaves(menu), [menu]);
  const results = useMemo(() => filterMenu(leaves, query), [leaves, query]);

  // A new query starts at the first match.
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);
  // Keep the highlighted entry visible while moving with the arrow keys.
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (item: MenuItem | undefined) => {
    if (!item) return;
    preferences.closeSearch();
    openMenuItem(item, (to) => navigate(to));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (results.length ? (i + 1) % results.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (results.length ? (i - 1 + results.length) % results.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      preferences.closeSearch();
    }
  };

  const optionId = (i: number) => `ba-search-option-${i}`;

  return (
    <Modal
      visible={open}
      title={t('top.search')}
      footer={null}
      onCancel={() => preferences.closeSearch()}
      afterOpen={() => inputRef.current?.focus()}
      unmountOnExit
      autoFocus={false}
      className="ba-search-modal"
      style={{ width: 560, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Input
        ref={inputRef}
        autoFocus
        allowClear
        prefix={<IconSearch />}
        value={query}
        onChange={setQuery}
        onKeyDown={onKeyDown}
        placeholder={t('top.searchPlaceholder')}
        aria-label={t('top.search')}
        role="combobox"
        aria-expanded="true"
        aria-controls="ba-search-list"
        aria-activedescendant={results.length ? optionId(active) : undefined}
      />
      {results.length ? (
        <ul className="ba-search-list" id="ba-search-list" role="listbox" ref={listRef} aria-label={t('top.search')}>
          {results.map((item, i) => (
            <li
              key={item.id || item.path}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === active}
              className={`ba-search-item${i === active ? ' is-active' : ''}`}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(item)}
            >
              <MenuIcon name={item.icon} />
              <span>{item.label}</span>
              <span className="ba-search-item-path" title={item.path}>
                {item.path}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('top.searchEmpty')} style={{ marginTop: 12 }} />
      )}
      <div className="ba-search-hint">{t('top.searchHint')}</div>
    </Modal>
  );
});

export default MenuSearch;
