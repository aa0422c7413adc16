import { InputTag, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';

/** The form's tags control: the tags typed one by one (Enter or a comma), kept comma-joined as the field stores them. */
export function TagsInput({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const tags = (value ?? '').split(',').filter(Boolean);
  return (
    <span className="genius-tags-input">
      <InputTag
      value={tags}
      onChange={(next: unknown[]) => onChange?.(next.map(String).join(','))}
      tokenSeparators={[',', '，', '、']}
      saveOnBlur
      allowClear
      disabled={disabled}
      placeholder={t('genius.profile.tagsPlaceholder')}
      />
    </span>
  );
}

/** Tags as tags; with `max`, the first ones and how many more (a list cell), all of them named in the title. */
export function TagList({ value, max }: { value: unknown; max?: number }) {
  const tags = String(value ?? '')
    .split(',')
    .filter(Boolean);
  if (tags.length === 0) return <>-</>;
  const shown = max === undefined ? tags : tags.slice(0, max);
  return (
    <span className="genius-tags" title={tags.join('、')}>
      {shown.map((tag) => (
        <Tag key={tag} size="small" color="arcoblue">
          {tag}
        </Tag>
      ))}
      {shown.length < tags.length ? <Tag size="small">+{tags.length - shown.length}</Tag> : null}
    </span>
  );
}
