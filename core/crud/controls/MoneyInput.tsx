import { useState, type FocusEvent } from 'react';
import { Input } from '@arco-design/web-react';
import { formatYuan, parseYuan } from '../../schema/money';

export interface MoneyInputProps {
  /**
   * The form's value: whole fen; the text itself while it is no amount (`12.345`), so that the field's
   * rule can say so and a failed save keeps what was typed.
   */
  value?: number | string | null;
  onChange?: (value: number | string | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** Fen as one types yuan: `1999` → "19.99" (no thousands separators in a box being edited). */
const yuanText = (fen: number) => formatYuan(fen).replace(/,/g, '');

/**
 * An amount typed in yuan (at most two decimals, a ¥ before it), held by the form as whole fen. The
 * conversion works on the digits (`parseYuan`), never on a float: 19.99 is 1999, and 12.345 is refused
 * rather than rounded.
 */
export function MoneyInput({ value, onChange, onBlur, placeholder, disabled, id }: MoneyInputProps) {
  // What the user typed, kept while it still says the form's value ("19.9" is not redrawn as "19.90" mid-typing).
  const [typed, setTyped] = useState('');
  const shown = typeof value === 'string' ? value : typeof value === 'number' ? (parseYuan(typed) === value ? typed : yuanText(value)) : '';
  return (
    <Input
      id={id}
      className="ba-money-input"
      prefix="¥"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      value={shown}
      onChange={(text) => {
        setTyped(text);
        if (text.trim() === '') onChange?.(undefined);
        else onChange?.(parseYuan(text) ?? text);
      }}
      onBlur={(event) => {
        // Once left, an amount reads as money does: two decimals.
        if (typeof value === 'number') setTyped(yuanText(value));
        onBlur?.(event);
      }}
    />
  );
}
