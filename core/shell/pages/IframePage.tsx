import { useEffect, useState } from 'react';
import { Result, Spin } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import '../locales/layout';
import '../locales/pages';
import './kernel-pages.css';

/**
 * Only http(s) addresses and pages of this site may be framed: a `javascript:` or `data:` src in a
 * crafted link would otherwise run in (or impersonate) the app. Returns the absolute URL, or null.
 */
export function safeFrameSrc(src: string | null, origin = window.location.origin): string | null {
  if (!src) return null;
  const text = src.trim();
  // Relative paths must be same-site paths ("/x"), not protocol-relative ("//evil.example").
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (!absolute && (!text.startsWith('/') || text.startsWith('//') || text.startsWith('/\\'))) return null;
  try {
    const url = new URL(text, origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!absolute && url.origin !== origin) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `/myiframe/:routerPath?name=&src=`: another page shown inside the content area. */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('src');
  const src = safeFrameSrc(raw);
  const [loading, setLoading] = useState(true);
  useEffect(() => setLoading(true), [src]);

  if (!src) {
    return (
      <Result
        className="ba-page-error"
        status="warning"
        title={raw ? t('errors.iframeRefused') : t('errors.iframeMissing')}
        subTitle={raw ? t('errors.iframeRefusedDetail', { src: raw }) : undefined}
      />
    );
  }
  return (
    <div className="ba-iframe">
      {loading ? (
        <div className="ba-iframe-loading">
          <Spin tip={t('layout.iframeLoading')} />
        </div>
      ) : null}
      <iframe key={src} src={src} title={params.get('name') ?? src} onLoad={() => setLoading(false)} />
    </div>
  );
}
