import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n';
import { Button, Empty, Input, Popover } from '@arco-design/web-react';
import { IconApps } from '@arco-design/web-react/icon';
import { hasMenuIcon, iconKey, MenuIcon } from '../shell/icons';
import './locales';
import './crud.css';

/**
 * The icons the shell's menu draws (core/shell/menu-icons.tsx), one name per icon: where the shell knows an icon
 * under two names (`setting` / `settings`, `team` / `user-group`), the one offered here. IconPicker.test.tsx
 * reads the shell's table and fails when an icon is added there and not here (or a name here is unknown).
 */
export const MENU_ICON_NAMES: readonly string[] = [
  'home', 'dashboard', 'apps', 'menu', 'nav', 'layout', 'list', 'settings', 'tool', 'safe', 'lock', 'user',
  'user-add', 'user-group', 'idcard', 'branch', 'book', 'file', 'file-image', 'folder', 'archive', 'drive-file',
  'storage', 'copy', 'edit', 'delete', 'plus', 'search', 'filter', 'eye', 'export', 'import', 'upload', 'sync',
  'swap', 'link', 'share', 'send', 'email', 'message', 'notification', 'phone', 'mobile', 'desktop', 'printer',
  'qrcode', 'calendar', 'schedule', 'clock', 'history', 'info', 'check-circle', 'bug', 'code', 'code-square',
  'experiment', 'robot', 'bulb', 'thunderbolt', 'fire', 'star', 'trophy', 'gift', 'tag', 'tags', 'stamp',
  'location', 'compass', 'public', 'cloud', 'language', 'palette', 'skin', 'image', 'camera', 'video', 'customer-service',
  'common', 'wechat', 'wechatpay',
];

export interface IconPickerProps {
  /** The stored icon name (`source`); any text is kept as typed (BladeX classes such as `iconfont icon-x`). */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The names offered (default: every icon the shell's menu draws). */
  icons?: readonly string[];
}

const COLUMNS = 6;

/**
 * An icon field: the name in a text box with the icon beside it, and a button opening a searchable grid
 * of the icons the shell's menu can draw. In the grid the arrow keys move, Enter or a click chooses, Esc
 * closes; Enter in the search box chooses the first match.
 */
export function IconPicker({ value, onChange, disabled, placeholder, icons = MENU_ICON_NAMES }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const current = iconKey(value);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? icons.filter((name) => name.includes(q)) : [...icons];
  }, [icons, query]);

  const show = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery('');
      setFocused(Math.max(0, icons.indexOf(current)));
    }
  };
  const choose = (name: string) => {
    onChange?.(name);
    setOpen(false);
    trigger.current?.focus();
  };
  const focusCell = (index: number) => {
    const next = Math.min(Math.max(index, 0), matches.length - 1);
    setFocused(next);
    grid.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (event.key in moves) {
      event.preventDefault();
      focusCell(focused + moves[event.key]!);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusCell(event.key === 'Home' ? 0 : matches.length - 1);
    }
  };
  const onPanelKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Only the picker closes (not the dialog it sits in).
    event.stopPropagation();
    event.nativeEvent.stopImmediatePropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  const panel = (
    <div className="ba-icon-picker-panel" onKeyDown={onPanelKey}>
      <Input
        autoFocus
        allowClear
        size="small"
        value={query}
        onChange={(text) => {
          setQuery(text);
          setFocused(0);
        }}
        placeholder={t('crud.iconSearch')}
        aria-label={t('crud.iconSearch')}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // Never the dialog's Enter (which saves): here it chooses the first match, if any.
            event.preventDefault();
            event.stopPropagation();
            if (!event.nativeEvent.isComposing && matches[0]) choose(matches[0]);
          } else if (event.key === 'ArrowDown' && matches.length) {
            event.preventDefault();
            focusCell(0);
          }
        }}
      />
      {matches.length === 0 ? (
        <Empty description={t('crud.iconNone')} />
      ) : (
        <div ref={grid} className="ba-icon-picker-grid" role="listbox" aria-label={t('crud.iconPick')} onKeyDown={onGridKey}>
          {matches.map((name, index) => (
            <button
              key={name}
              type="button"
              role="option"
              aria-selected={name === current}
              aria-label={name}
              title={name}
              tabIndex={index === focused ? 0 : -1}
              className={`ba-icon-picker-cell${name === current ? ' is-current' : ''}`}
              onClick={() => choose(name)}
              onKeyDown={(event) => {
                // Enter in a dialog saves it: here it chooses the icon.
                if (event.key === 'Enter') event.stopPropagation();
              }}
              onFocus={() => setFocused(index)}
            >
              <MenuIcon name={name} />
              <span className="ba-icon-picker-name">{name}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );

  return (
    <div className="ba-icon-picker">
      <Input
        value={value ?? ''}
        onChange={(text) => onChange?.(text)}
        disabled={disabled}
        placeholder={placeholder}
        allowClear
        prefix={<span className="ba-icon-picker-current" aria-hidden>{value && hasMenuIcon(value) ? <MenuIcon name={value} /> : null}</span>}
        addAfter={
          <Popover
            trigger="click"
            position="bl"
            popupVisible={open && !disabled}
            onVisibleChange={show}
            content={panel}
            unmountOnExit
            triggerProps={{ className: 'ba-icon-picker-popup' }}
          >
            <Button ref={trigger} type="text" size="mini" icon={<IconApps />} disabled={disabled} aria-label={t('crud.iconPick')} aria-haspopup="listbox" aria-expanded={open}>
              {t('crud.iconPick')}
            </Button>
          </Popover>
        }
      />
    </div>
  );
}
