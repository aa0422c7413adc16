import { Button, Result } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { siteConfig } from '../../config';
import '../locales/pages';
import './kernel-pages.css';

const STATUSES = {
  '403': 'errors.forbidden',
  '404': 'errors.notFound',
  '500': 'errors.server',
} as const;

type Status = keyof typeof STATUSES;

/** /403, /404 and /500: what happened, and a way home. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const code = pathname.replace(/^\//, '');
  const status: Status = code in STATUSES ? (code as Status) : '404';
  return (
    <div className="ba-error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(STATUSES[status])}
        extra={
          <Button type="primary" onClick={() => navigate(siteConfig().homePath)} autoFocus>
            {t('kernel.backHome')}
          </Button>
        }
      />
    </div>
  );
}
