import { Fragment, useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Button, Modal } from '@arco-design/web-react';
import { DialogFooter } from './DialogFooter';
import { isSubmitEnter } from './EntityForm';
import { LoadState } from './LoadState';
import type { RecordDialogState } from './useRecordDialog';
import { useDialogOpenings } from './useDialogOpenings';
import './locales';
import './crud.css';

/** The width of the kit's record dialogs (a two-column form). */
export const DIALOG_WIDTH = 880;

/** How one opening of a dialog is shown: open, or animating out (then forgotten). */
export interface DialogOpeningProps {
  visible: boolean;
  afterClose: () => void;
}

export interface RecordDialogProps<T> {
  /** The dialog's state (useRecordDialog). */
  dialog: RecordDialogState<T>;
  title: ReactNode;
  /** The opening (DialogOpenings); absent: shown while mounted. */
  opening?: DialogOpeningProps;
  width?: number;
  className?: string;
  /** The save button's text (default 保存 / Save) and test id. */
  saveLabel?: string;
  testId?: string;
  /**
   * Which Enter saves: by default one in a one-line text input (not in a list, a picker or a text area);
   * false: none.
   */
  submitOnEnter?: false | ((event: KeyboardEvent<HTMLDivElement>) => boolean);
  /** A footer of one's own (default: cancel and save, or close when the dialog only shows). */
  footer?: ReactNode;
  /** The content, once what the dialog holds is there. */
  children: (data: T) => ReactNode;
}

/**
 * The frame every record dialog of the product shares: a modal (Esc closes it, a click outside does not),
 * the content once loaded (a spinner before, the failure with a retry), cancel and save (both waiting
 * while a save runs), Enter in a one-line field saving. Popups inside (selects, pickers) open on the page,
 * not in the scrolling body, so the footer never cuts them.
 */
export function RecordDialog<T>({ dialog, title, opening, width, className, saveLabel, testId, submitOnEnter, footer, children }: RecordDialogProps<T>) {
  const { t } = useTranslation();
  const { data, failed, reload, saving, saves, submit, onClose } = dialog;
  const visible = opening?.visible ?? true;
  // A popup closed on the page leaves the focus on the page, outside the dialog that listens for Esc:
  // Esc then still closes the open dialog (one opened over it, a confirm, holds the focus itself).
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && (document.activeElement === document.body || document.activeElement === null)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, onClose]);
  const enterSaves = submitOnEnter === false ? () => false : (submitOnEnter ?? isSubmitEnter);
  const buttons =
    footer ??
    (saves ? (
      <DialogFooter saving={saving} ready={data !== null} onCancel={onClose} onSave={() => void submit()} saveLabel={saveLabel} testId={testId} />
    ) : (
      <Button onClick={onClose}>{t('crud.close')}</Button>
    ));
  return (
    <Modal
      className={`ba-record-dialog${className ? ` ${className}` : ''}`}
      visible={visible}
      afterClose={opening?.afterClose}
      title={title}
      style={width ? { width, maxWidth: 'calc(100vw - 32px)' } : undefined}
      footer={buttons}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      // On the page, above the dialog: inside its scrolling body the footer would cut them off.
      getChildrenPopupContainer={() => document.body}
    >
      <div
        className="ba-record-dialog-body"
        onKeyDown={(event) => {
          // A control that handled its Enter itself (a filter box, say) has said so.
          if (saves && !event.defaultPrevented && enterSaves(event)) {
            event.preventDefault();
            void submit();
          }
        }}
      >
        <LoadState failed={failed} data={data} onRetry={reload}>
          {children}
        </LoadState>
      </div>
    </Modal>
  );
}

/**
 * Each opening of a dialog as a fresh instance (a fresh form and load), kept mounted while it animates
 * out even when the caller already cleared `state`.
 */
export function DialogOpenings<S>({ state, children }: { state: S | null; children: (state: S, opening: DialogOpeningProps) => ReactNode }) {
  const { opening, visible, afterClose } = useDialogOpenings(state);
  if (!opening) return null;
  return <Fragment key={opening.key}>{children(opening.state, { visible, afterClose })}</Fragment>;
}
