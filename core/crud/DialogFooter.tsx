import { useTranslation } from '../i18n';
import { Button } from '@arco-design/web-react';
import './locales';

export interface DialogFooterProps {
  saving: boolean;
  /** False while what the dialog saves is still loading (the save button waits). Default true. */
  ready?: boolean;
  onCancel: () => void;
  onSave: () => void;
  /** The save button's text (default 保存 / Save). */
  saveLabel?: string;
  testId?: string;
}

/** Cancel and save, as every dialog of the product has them: both wait while a save is under way. */
export function DialogFooter({ saving, ready = true, onCancel, onSave, saveLabel, testId }: DialogFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        {t('crud.cancel')}
      </Button>
      <Button type="primary" loading={saving} disabled={!ready} onClick={onSave} data-testid={testId}>
        {saveLabel ?? t('crud.save')}
      </Button>
    </>
  );
}
