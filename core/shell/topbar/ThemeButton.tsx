import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Dropdown, Menu } from '@arco-design/web-react';
import { IconCheck, IconSkin } from '@arco-design/web-react/icon';
import { themes } from '../../theme/themes';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';
import './topbar.css';

/** The eleven themes, each with a two-colour preview; the current one is ticked. */
export const ThemeButton = observer(function ThemeButton() {
  const { t } = useTranslation();
  const droplist = (
    <Menu style={{ maxHeight: 460 }} selectedKeys={[preferences.theme]} onClickMenuItem={(key) => preferences.setTheme(key)}>
      {themes.map((theme) => (
        <Menu.Item key={theme.name} aria-current={theme.name === preferences.theme ? 'true' : undefined}>
          <span className="ba-theme-option">
            <span className="ba-theme-preview" aria-hidden>
              <span style={{ background: theme.preview[0] }} />
              <span style={{ background: theme.preview[1] }} />
            </span>
            <span>{t(`theme.${theme.id}`)}</span>
            {theme.name === preferences.theme ? <IconCheck className="ba-theme-check" /> : null}
          </span>
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <TopButton label={t('top.theme')} icon={<IconSkin />} />
    </Dropdown>
  );
});
