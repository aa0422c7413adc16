import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { IconFullscreen, IconFullscreenExit } from '@arco-design/web-react/icon';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';

/** Enters or leaves full screen; the icon follows the browser (F11 and Esc included). */
export const FullscreenButton = observer(function FullscreenButton() {
  const { t } = useTranslation();
  const on = preferences.fullscreen;
  return (
    <TopButton
      label={on ? t('top.exitFullscreen') : t('top.fullscreen')}
      aria-pressed={on}
      icon={on ? <IconFullscreenExit /> : <IconFullscreen />}
      onClick={() => void preferences.toggleFullscreen()}
    />
  );
});
