import { describe, expect, it as baseIt } from '@rstest/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from '@arco-design/web-react';
import { i18n } from '../i18n';
import { defineEntity } from '../schema/entity';
import { MOBILE_REQUIRED, MOBILE_RULES } from '../schema/field-rules';
import { EntityForm } from './EntityForm';
import type { Row } from './query';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** A field's pattern given as several rules: the form shows only the first one broken, as the server answers. */
const contact = defineEntity({
  name: 'contact',
  label: { zh: '联系人', en: 'Contact' },
  api: { base: '/api/demo/contact' },
  fields: { mobile: { type: 'string', label: { zh: '手机号码', en: 'Mobile' }, required: MOBILE_REQUIRED, pattern: MOBILE_RULES } },
});

function Harness() {
  const [form] = Form.useForm<Row>();
  return <EntityForm entity={contact} form={form} mode="add" />;
}

/** Types the number, leaves the box, and reads the field's messages. */
async function messagesFor(mobile: string, placeholder = '请输入手机号码'): Promise<string[]> {
  const user = userEvent.setup();
  const box = screen.getByPlaceholderText(placeholder);
  await user.clear(box);
  await user.type(box, mobile);
  await user.tab();
  await waitFor(() => expect(document.querySelector('.arco-form-message')?.textContent ?? '').not.toBe(''));
  return [...document.querySelectorAll('.arco-form-message')].map((m) => m.textContent ?? '').filter(Boolean);
}

describe('several pattern rules in the form', () => {
  it('one digit short: only 手机号码长度不为11位', async () => {
    render(<Harness />);
    expect(await messagesFor('1391234567')).toEqual(['手机号码长度不为11位']);
  });

  it('eleven characters not starting with 1: 手机号码格式不正确', async () => {
    render(<Harness />);
    expect(await messagesFor('23912345678')).toEqual(['手机号码格式不正确']);
  });

  it('both rules broken: the first one only; in English too', async () => {
    render(<Harness />);
    expect(await messagesFor('abc')).toEqual(['手机号码长度不为11位']);
    await i18n.changeLanguage('en');
    try {
      cleanup();
      render(<Harness />);
      expect(await messagesFor('2391234567', 'Enter the mobile')).toEqual(['The mobile number must have 11 digits']);
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
