import { cloneElement, isValidElement, useEffect, useRef, type ReactElement } from 'react';
import { Form } from '@arco-design/web-react';
import { fieldControl, sourceQuery, sourceRows, useQuery } from '../../../core/sdk/browser';
import { geniusOrderEntity } from './entity';

const { amount, geniusId } = geniusOrderEntity.fields;

interface AmountInputProps {
  value?: number | string | null;
  onChange?: (value: number | string | undefined) => void;
  [control: string]: unknown;
}

/**
 * The amount of a new order: the kit's money control, filled with the chosen genius's price each time the
 * genius changes, until the amount is typed by hand (a discount, say). Left empty, the server takes the
 * price too.
 */
export function AmountInput({ onChange, ...rest }: AmountInputProps) {
  const { form } = Form.useFormContext();
  const chosen = Form.useWatch('geniusId', form) as string | undefined;
  const choices = useQuery(geniusId.source ? sourceQuery(geniusId.source) : null);
  const typedByHand = useRef(false);
  const price = sourceRows(choices.data ?? []).find((row) => String(row.id) === String(chosen ?? ''))?.servicePrice;
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  // A new genius's price (or the price arriving) fills it in.
  useEffect(() => {
    if (!typedByHand.current && typeof price === 'number') change.current?.(price);
  }, [price]);
  const control = fieldControl(amount, []);
  if (!isValidElement(control)) return null;
  return cloneElement(control as ReactElement<Record<string, unknown>>, {
    ...rest,
    onChange: (value: unknown) => {
      typedByHand.current = true;
      onChange?.(value as number | string | undefined);
    },
  });
}
