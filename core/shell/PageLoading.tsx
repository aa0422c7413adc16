import { useTranslation } from '../i18n';

/**
 * The loading state of a page, or of the whole screen while a chunk arrives. A CSS spinner rather than
 * Arco's Spin: it is shown before any page chunk (with its components) has loaded.
 */
export function PageLoading({ full = false, tip }: { full?: boolean; tip?: string }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'ba-loading ba-loading-full' : 'ba-loading'} role="status" aria-live="polite">
      <span className="ba-spinner" aria-hidden="true" />
      <span className="ba-loading-tip">{tip ?? t('kernel.loading')}</span>
    </div>
  );
}
