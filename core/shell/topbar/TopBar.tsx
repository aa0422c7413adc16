import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { preferences } from '../preferences';
import { ColorButton } from './ColorButton';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { LanguageButton } from './LanguageButton';
import { LockButton } from './LockButton';
import { NoticeButton } from './NoticeButton';
import { SearchButton } from './SearchButton';
import { ThemeButton } from './ThemeButton';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';
import '../locales/shellui';
import './topbar.css';

/**
 * The header row: top menu on the left, tools and the user on the right. On narrow screens the top menu
 * and the less used tools step aside (by screen class) so the row never wraps.
 */
export const TopBar = observer(function TopBar() {
  const { t } = useTranslation();
  const screen = preferences.screen;
  return (
    <div className="ba-topbar">
      {screen >= 2 ? <TopMenu /> : null}
      <div className="ba-topbar-spacer" />
      <div className="ba-topbar-tools" role="group" aria-label={t('top.tools')}>
        <SearchButton />
        {screen >= 2 ? <ColorButton /> : null}
        <LockButton />
        {screen >= 1 ? <ThemeButton /> : null}
        <LanguageButton />
        {screen >= 2 ? <FullscreenButton /> : null}
        <ErrorLogButton />
        <NoticeButton />
        <UserMenu showName={screen >= 1} />
      </div>
    </div>
  );
});

export default TopBar;
