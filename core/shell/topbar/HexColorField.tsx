import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Input } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import { isHexColor } from '../../theme/color';
import { preferences } from '../preferences';
import '../locales/shellui';

/** The custom colour as hex: typed freely, applied on Enter or leaving the field, put back when not a colour. */
const HexColorField = observer(function HexColorField() {
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
  );
});

export default HexColorField;
