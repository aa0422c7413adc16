import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { languages, type Language } from '../../i18n';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';

/** Each language is named in itself, so it can be found whatever the current language is. */
const names: Record<Language, string> = { zh: '中文', en: 'English' };

/** Chinese / English; the current one is disabled (SPEC §2). Arco's own texts follow via the App. */
export const LanguageButton = observer(function LanguageButton() {
  const { t } = useTranslation();
  const droplist = (
    <Menu onClickMenuItem={(key) => preferences.setLanguage(key as Language)}>
      {languages.map((lng) => (
        <Menu.Item key={lng} disabled={lng === preferences.language} lang={lng === 'zh' ? 'zh-CN' : 'en'}>
          {names[lng]}
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
