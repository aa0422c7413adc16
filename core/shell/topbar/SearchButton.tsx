import { useTranslation } from '../../i18n';
import { IconSearch } from '@arco-design/web-react/icon';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';

/** Opens the menu finder (MenuSearch, rendered once by the layout). */
export function SearchButton() {
  const { t } = useTranslation();
  return <TopButton label={t('top.search')} icon={<IconSearch />} onClick={() => preferences.openSearch()} />;
}
