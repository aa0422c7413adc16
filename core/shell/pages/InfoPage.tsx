import { useTranslation } from '../../i18n';
import { Card, Tabs } from '@arco-design/web-react';
import { PasswordForm } from './info/PasswordForm';
import { ProfileForm } from './info/ProfileForm';
import '../locales/shellui';
import './pages.css';

/** /info/index: personal info and change password. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <div className="ba-page">
      <Card className="ba-page-card" bordered={false}>
        <Tabs defaultActiveTab="info" lazyload>
          <Tabs.TabPane key="info" title={t('info.tabInfo')}>
            <ProfileForm />
          </Tabs.TabPane>
          <Tabs.TabPane key="password" title={t('info.tabPassword')}>
            <PasswordForm />
          </Tabs.TabPane>
        </Tabs>
      </Card>
    </div>
  );
}
