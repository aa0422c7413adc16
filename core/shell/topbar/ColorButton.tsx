import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Popover } from '@arco-design/web-react';
import { IconCheck, IconPalette } from '@arco-design/web-react/icon';
import { isHexColor, presetColors } from '../../theme/color';
import { deferred } from '../deferred';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';
import './topbar.css';

// The hex field is Arco's Input (with its styles, 60 kB raw): fetched when the panel first opens, its
// place kept meanwhile, so the top bar on every page leaves it out.
const HexColorField = deferred(() => import('./HexColorField'), () => <span className="ba-color-hex" />);

/** Preset swatches plus a custom colour (native picker and a hex field); the choice re-tints Arco at once. */
function ColorPanel() {
  const { t } = useTranslation();
  const current = preferences.color.toUpperCase();
  return (
    <div className="ba-color-panel">
      <div className="ba-swatches" role="group" aria-label={t('top.color')}>
        {presetColors.map((color) => {
          const selected = color === current;
          return (
            <button
              key={color}
              type="button"
              className="ba-swatch"
              style={{ background: color }}
              aria-label={color}
              title={color}
              aria-pressed={selected}
              onClick={() => preferences.setColor(color)}
            >
              {selected ? <IconCheck /> : null}
            </button>
          );
        })}
      </div>
      <div className="ba-color-custom">
        <input
          type="color"
          className="ba-color-native"
          aria-label={t('top.colorCustom')}
          value={isHexColor(current) && current.length === 7 ? current.toLowerCase() : '#409eff'}
          onChange={(e) => preferences.setColor(e.target.value.toUpperCase())}
        />
        <HexColorField />
      </div>
    </div>
  );
}

const ObservedPanel = observer(ColorPanel);

export const ColorButton = observer(function ColorButton() {
  const { t } = useTranslation();
  return (
    <Popover trigger="click" position="br" title={t('top.color')} content={<ObservedPanel />}>
      <TopButton label={t('top.color')} icon={<IconPalette />} />
    </Popover>
  );
});
