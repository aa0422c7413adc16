import { Form, InputNumber, Radio } from '@arco-design/web-react';
import { useTranslation } from '../../../../core/sdk/browser';
import { MAX_GRANT_DAYS, MIN_GRANT_DAYS } from '../grant-states';
import { daysText } from './grants';

/** The usual lengths of a grant; 0 stands for "custom" (the number typed beside). */
export const DAY_PRESETS = [1, 7, 30] as const;
export const CUSTOM = 0;

export interface DaysValues {
  preset: number;
  custom?: number;
}

/** The days a form's values choose (the preset, or the custom number). */
export const chosenDays = (values: DaysValues) => (values.preset === CUSTOM ? Number(values.custom) : values.preset);

/**
 * How long a grant lasts: 1, 7 or 30 days, or a number of one's own (1–365), inside an Arco form whose
 * values hold `preset` and `custom`.
 */
export function DaysField() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item field="preset" label={t('visit.attach.daysLabel')} required>
        <Radio.Group type="button" aria-label={t('visit.attach.daysLabel')}>
          {DAY_PRESETS.map((days) => (
            <Radio key={days} value={days}>
              {daysText(t, days)}
            </Radio>
          ))}
          <Radio value={CUSTOM}>{t('visit.attach.customDays')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(values: DaysValues) =>
          values.preset === CUSTOM ? (
            <Form.Item
              field="custom"
              label=" "
              rules={[
                {
                  validator: (value: unknown, callback: (message?: string) => void) =>
                    callback(Number.isInteger(value) && Number(value) >= MIN_GRANT_DAYS && Number(value) <= MAX_GRANT_DAYS ? undefined : t('visit.attach.daysRequired')),
                },
              ]}
            >
              <InputNumber min={MIN_GRANT_DAYS} max={MAX_GRANT_DAYS} precision={0} placeholder={t('visit.attach.daysHint')} suffix={t('visit.attach.daysUnit')} autoFocus style={{ width: 180 }} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}
