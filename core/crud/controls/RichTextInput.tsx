import { lazy, Suspense } from 'react';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import type { RichTextEditorProps } from './RichTextEditor';
import '../locales';
import './richtext.css';

// The editor and TipTap are a chunk of their own, fetched when a form first shows a rich-text field.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text form control: the editor, loaded on first use (a spinner meanwhile). */
export function RichTextInput(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="ba-richtext-loading">
          <Spin tip={t('crud.loading')} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
