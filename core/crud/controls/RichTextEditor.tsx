import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Input, Popover, Select, Upload } from '@arco-design/web-react';
import { IconBold, IconImage, IconItalic, IconLink, IconLoading, IconOrderedList, IconQuote, IconRedo, IconStrikethrough, IconUnderline, IconUndo, IconUnorderedList } from '@arco-design/web-react/icon';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from '../../i18n';
import { isImageLink, isSafeHref } from '../../schema/image-link';
import { IMAGE_ACCEPT, uploadImage } from './upload';
import '../locales';
import './richtext.css';

/**
 * The rich-text editor (TipTap), loaded only when a form has a rich-text field (RichTextInput). It makes
 * only what the server keeps: paragraphs, headings 1–4, bold, italic, underline, strike, lists, quotes,
 * code, links to http(s)/mailto, and pictures (uploaded from the toolbar, or already in the text) from our
 * file route or http(s). Its value is the HTML, '' when it shows nothing.
 */

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** What is being written (the text area's name). */
  label: string;
}

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeHref(url),
      HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
    },
  }),
  // Without a picture node the editor would drop every <img> of the text it opens, and saving an edit
  // would lose them. Inline, so a picture inside a paragraph stays where it was; only `src` and `alt`
  // (what the server keeps), and only a source the server accepts (anything else would vanish on save).
  Image.extend({
    addAttributes() {
      return { src: { default: null }, alt: { default: null } };
    },
    parseHTML() {
      return [{ tag: 'img[src]', getAttrs: (element) => (isImageLink(element.getAttribute('src')?.trim() ?? '') ? null : false) }];
    },
  }).configure({ inline: true }),
];

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

type Level = 1 | 2 | 3 | 4;

/** An absolute link as typed: a bare address gets https://. */
function linkOf(typed: string): string {
  const text = typed.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  return `https://${text.replace(/^\/\//, '')}`;
}

function LinkButton({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const link = linkOf(href);
    if (link === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpen(false);
      return;
    }
    if (!isSafeHref(link)) {
      setError(t('crud.richLinkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: link, target: '_blank' }).run();
    setOpen(false);
  };
  return (
    <Popover
      trigger="click"
      popupVisible={open}
      onVisibleChange={(visible) => {
        setOpen(visible);
        if (visible) {
          setHref(String(editor.getAttributes('link').href ?? ''));
          setError(null);
        }
      }}
      content={
        <div className="ba-richtext-link">
          <Input
            autoFocus
            size="small"
            value={href}
            onChange={setHref}
            onPressEnter={(event) => {
              event.preventDefault();
              apply();
            }}
            placeholder="https://"
            aria-label={t('crud.richLink')}
            status={error ? 'error' : undefined}
          />
          <Button size="small" type="primary" onClick={apply}>
            {t('crud.confirm')}
          </Button>
          {error ? (
            <div className="ba-image-error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      }
    >
      <Button size="mini" type="text" icon={<IconLink />} aria-label={t('crud.richLink')} title={t('crud.richLink')} disabled={disabled} className={editor.isActive('link') ? 'is-active' : undefined} />
    </Popover>
  );
}

/** Uploads a picture (as an image field does) and puts it at the caret; says why a file was refused. */
function ImageButton({ editor, disabled, onError: setError }: { editor: Editor; disabled: boolean; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = (file: File) => {
    setBusy(true);
    setError(null);
    // The caret may move while the file goes up: the picture goes where it is when the link arrives.
    uploadImage(file)
      .then(
        (src) => editor.chain().focus().setImage({ src }).run(),
        (reason: Error) => setError(reason.message),
      )
      .finally(() => setBusy(false));
  };
  const name = busy ? t('crud.imageUploading') : t('crud.rich_image');
  return (
    <Upload accept={{ type: IMAGE_ACCEPT, strict: false }} showUploadList={false} disabled={disabled || busy} customRequest={({ file }) => upload(file)}>
      <Button size="mini" type="text" icon={busy ? <IconLoading /> : <IconImage />} aria-label={name} title={name} aria-busy={busy} disabled={disabled || busy} />
    </Upload>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      level: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const toggle = (name: string, active: boolean, run: () => void, icon: React.ReactNode) => (
    <Button
      size="mini"
      type="text"
      icon={icon}
      aria-label={t(`crud.rich_${name}`)}
      title={t(`crud.rich_${name}`)}
      aria-pressed={active}
      className={active ? 'is-active' : undefined}
      disabled={disabled}
      onClick={run}
    />
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="ba-richtext-toolbar" role="toolbar" aria-label={t('crud.richToolbar')}>
      <Select
        size="mini"
        style={{ width: 96 }}
        value={state.level}
        disabled={disabled}
        aria-label={t('crud.richHeading')}
        onChange={(level: number) => (level === 0 ? chain().setParagraph().run() : chain().setHeading({ level: level as Level }).run())}
        options={[{ value: 0, label: t('crud.richParagraph') }, ...[1, 2, 3, 4].map((level) => ({ value: level, label: t('crud.richHeadingN', { level }) }))]}
      />
      <Divider type="vertical" />
      {toggle('bold', state.bold, () => chain().toggleBold().run(), <IconBold />)}
      {toggle('italic', state.italic, () => chain().toggleItalic().run(), <IconItalic />)}
      {toggle('underline', state.underline, () => chain().toggleUnderline().run(), <IconUnderline />)}
      {toggle('strike', state.strike, () => chain().toggleStrike().run(), <IconStrikethrough />)}
      <Divider type="vertical" />
      {toggle('bulletList', state.bulletList, () => chain().toggleBulletList().run(), <IconUnorderedList />)}
      {toggle('orderedList', state.orderedList, () => chain().toggleOrderedList().run(), <IconOrderedList />)}
      {toggle('blockquote', state.blockquote, () => chain().toggleBlockquote().run(), <IconQuote />)}
      <LinkButton editor={editor} disabled={disabled} />
      <ImageButton editor={editor} disabled={disabled} onError={setUploadError} />
      <Divider type="vertical" />
      <Button size="mini" type="text" icon={<IconUndo />} aria-label={t('crud.rich_undo')} title={t('crud.rich_undo')} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()} />
      <Button size="mini" type="text" icon={<IconRedo />} aria-label={t('crud.rich_redo')} title={t('crud.rich_redo')} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()} />
      {uploadError ? (
        <span className="ba-image-error ba-richtext-error" role="alert">
          {uploadError}
        </span>
      ) : null}
    </div>
  );
}

export default function RichTextEditor({ value, onChange, disabled = false, label }: RichTextEditorProps) {
  // What the editor last said its value was: a new value from outside (a reset, a loaded row) replaces
  // the document; the echo of its own typing does not (that would move the caret).
  const emitted = useRef(value ?? '');
  const change = useRef(onChange);
  change.current = onChange;
  const editor = useEditor({
    extensions,
    content: value ?? '',
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      emitted.current = htmlOf(e);
      change.current?.(emitted.current);
    },
  });
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);
  return (
    <div className={`ba-richtext-editor${disabled ? ' is-disabled' : ''}`}>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
