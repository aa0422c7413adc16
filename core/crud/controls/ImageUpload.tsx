import { useState } from 'react';
import { Image } from '@arco-design/web-react';
import { ImagePicker } from './ImagePicker';
import { ImageTile } from './ImageTile';
import './controls.css';

export interface ImageUploadProps {
  /** The picture's link ('' or absent: none). */
  value?: string;
  onChange?: (link: string) => void;
  disabled?: boolean;
  /** What the picture is (alt text, button names). */
  label: string;
}

/**
 * A form control holding one picture's link: an uploader until there is one, then the picture with a
 * preview and a remove button (none when disabled).
 */
export function ImageUpload({ value, onChange, disabled = false, label }: ImageUploadProps) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <div className="ba-image-upload">
      {value ? (
        <ImageTile src={value} label={label} onPreview={() => setPreviewing(true)} onRemove={disabled ? undefined : () => onChange?.('')} />
      ) : (
        <ImagePicker label={label} disabled={disabled} onUploaded={(link) => onChange?.(link)} />
      )}
      {value ? <Image.Preview src={value} visible={previewing} onVisibleChange={setPreviewing} /> : null}
    </div>
  );
}
