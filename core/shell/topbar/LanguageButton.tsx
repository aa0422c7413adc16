import { observer } from 'mobx-react-lite';
import { Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { languageNames, languages, type Language, useTranslation } from '../../i18n';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';


/** Chinese / English; the current one is disabled. Arco's own texts follow via the App. */
export const LanguageButton = observer(function LanguageButton() {
  const { t } = useTranslation();
  const droplist = (
    <Menu onClickMenuItem={(key) => preferences.setLanguage(key as Language)}>
      {languages.map((lng) => (
        <Menu.Item key={lng} disabled={lng === preferences.language} lang={lng === 'zh' ? 'zh-CN' : 'en'}>
          {languageNames[lng]}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <TopButton label={t('top.language')} icon={<IconLanguage />} />
    </Dropdown>
  );
});
