import { Button } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { siteConfig } from '../../config';
import { Result } from '../Result';
import '../locales/pages';

/**
 * A page in the user's server menu that no installed plugin serves (the server knows a module this
 * build does not include): said plainly instead of a blank screen.
 */
export function NotAvailablePage({ name, path }: { name?: string; path?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Result
      className="ba-page-error"
      status="404"
      title={t('errors.notAvailable')}
      subTitle={t('errors.notAvailableDetail', { name: name ?? '', path: path ?? location.pathname })}
      extra={
        <Button type="primary" onClick={() => navigate(siteConfig().homePath)}>
          {t('kernel.backHome')}
        </Button>
      }
    />
  );
}

export default NotAvailablePage;
