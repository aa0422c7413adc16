import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Input, Popover } from '@arco-design/web-react';
import { IconCheck, IconPalette } from '@arco-design/web-react/icon';
import { isHexColor, presetColors } from '../../theme/color';
import { preferences } from '../preferences';
import '../locales/shellui';
import { TopButton } from './TopButton';
import './topbar.css';

/** Preset swatches plus a custom colour (native picker and a hex field); the choice re-tints Arco at once. */
function ColorPanel() {
  const { t } = useTranslation();
  const current = preferences.color.toUpperCase();
  const [draft, setDraft] = useState(current);
  useEffect(() => setDraft(current), [current]);

  const commit = () => {
    const value = draft.trim();
    if (isHexColor(value)) preferences.setColor(value.toUpperCase());
    else setDraft(current);
  };

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
        <Input
          size="small"
          value={draft}
          aria-label={t('top.colorHex')}
          status={isHexColor(draft.trim()) ? undefined : 'error'}
          onChange={setDraft}
          onPressEnter={commit}
          onBlur={commit}
          maxLength={7}
        />
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
