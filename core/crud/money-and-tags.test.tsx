import { invalidateCache } from 'alova';
import { describe, expect, it as baseIt, rs } from '@rstest/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { i18n } from '../i18n';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { CrudPage } from './CrudPage';
import { defineEntity } from '../schema/entity';
import { defineStateMachine, stateOptions } from '../schema/state-machine';
import { typeCell, typeView } from './cells';
import { fieldOptions } from './dictionary';
import { EntityForm } from './EntityForm';
import { sheetRows } from './exportRows';
import { cellText } from './fields';
import { filterParams, searchValuesOf, type Row, type SearchValues } from './query';
import { SearchForm } from './SearchForm';
import { renderAt } from './test-router';

const it = (name: string, fn: () => Promise<void> | void) => baseIt(name, fn, 60_000);

const orderStates = defineStateMachine({
  subject: { zh: '订单', en: 'The order' },
  states: [
    { value: 0, label: { zh: '待支付', en: 'Awaiting payment' }, color: 'orange' },
    { value: 1, label: { zh: '已支付', en: 'Paid' }, color: 'green' },
  ],
  moves: { 0: [1] },
});

const order = defineEntity({
  name: 'shop_order',
  label: { zh: '订单', en: 'Order' },
  api: { base: '/api/demo/order' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' } },
    amount: { type: 'money', label: { zh: '金额', en: 'Amount' }, required: { zh: '请输入金额', en: 'Enter the amount' }, min: 1, search: 'equal' },
    state: { type: 'select', label: { zh: '状态', en: 'State' }, options: stateOptions(orderStates) },
    kind: { type: 'select', label: { zh: '类型', en: 'Kind' }, options: [{ value: 1, label: { zh: '普通', en: 'Plain' } }] },
  },
});
const amount = order.fields.amount;
const state = order.fields.state;

let checked: Row | null = null;
let refused = false;
function Harness({ initial = {}, mode = 'add' }: { initial?: Row; mode?: 'add' | 'edit' | 'view' }) {
  const [form] = Form.useForm<Row>();
  return (
    <>
      <EntityForm entity={order} form={form} mode={mode} initialValues={initial} />
      <button
        type="button"
        onClick={() =>
          void form.validate().then(
            (v) => (checked = v),
            () => (refused = true),
          )
        }
      >
        check
      </button>
    </>
  );
}

const amountBox = () => screen.getByPlaceholderText('请输入金额') as HTMLInputElement;

describe('the money control', () => {
  it('takes yuan and gives the form whole fen: 19.99 is 1999', async () => {
    const user = userEvent.setup();
    checked = null;
    render(<Harness />);
    await user.type(amountBox(), '19.99');
    await user.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(checked).toMatchObject({ amount: 1999 }));
    // Left, it reads as money: two decimals.
    await user.type(amountBox(), '{backspace}');
    await user.tab();
    expect(amountBox().value).toBe('19.90');
  });

  it('refuses 12.345 (no rounding) with a message, keeping what was typed', async () => {
    const user = userEvent.setup();
    checked = null;
    refused = false;
    render(<Harness />);
    await user.type(amountBox(), '12.345');
    await user.click(screen.getByRole('button', { name: 'check' }));
    expect(await screen.findByText('金额须为以元为单位、最多两位小数的数字')).toBeTruthy();
    expect(refused).toBe(true);
    expect(checked).toBeNull();
    expect(amountBox().value).toBe('12.345');
    // Corrected, it is an amount again, and the message goes.
    await user.type(amountBox(), '{backspace}');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('金额须为以元为单位、最多两位小数的数字')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(checked).toMatchObject({ amount: 1234 }));
  });

  it('says the bounds in yuan, in the interface language', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    try {
      render(<Harness />);
      await user.type(screen.getByPlaceholderText('Enter the amount'), '0');
      await user.click(screen.getByRole('button', { name: 'check' }));
      expect(await screen.findByText('Amount: at least ¥0.01')).toBeTruthy();
      await user.clear(screen.getByPlaceholderText('Enter the amount'));
      await user.type(screen.getByPlaceholderText('Enter the amount'), 'ten');
      await user.tab();
      expect(await screen.findByText('Amount: an amount in yuan, with at most two decimals')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('shows a stored amount as yuan when editing, and gives it back unchanged', async () => {
    const user = userEvent.setup();
    checked = null;
    render(<Harness mode="edit" initial={{ amount: 123456 }} />);
    expect(amountBox().value).toBe('1234.56');
    await user.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(checked).toMatchObject({ amount: 123456 }));
  });

  it('searches an exact amount, sent as fen, and shows one from the address as yuan', async () => {
    const user = userEvent.setup();
    let form: FormInstance<SearchValues> | null = null;
    const searched: SearchValues[] = [];
    function Host({ values }: { values?: SearchValues }) {
      const [instance] = Form.useForm<SearchValues>();
      form = instance;
      return <SearchForm entity={order} form={instance} values={values} onSearch={(v) => searched.push(v)} onReset={() => {}} />;
    }
    const { rerender } = render(<Host />);
    await user.type(screen.getByPlaceholderText('请输入金额'), '88.8');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(filterParams(order, searched[0]!)).toEqual({ amount_equal: '8880' });
    const fromAddress = searchValuesOf(order, { amount_equal: '1999' });
    expect(fromAddress.amount).toBe(1999);
    rerender(<Host values={fromAddress} />);
    await waitFor(() => expect((screen.getByPlaceholderText('请输入金额') as HTMLInputElement).value).toBe('19.99'));
    expect(form).not.toBeNull();
  });
});

describe('amounts and coloured choices shown', () => {
  it('a money cell shows ¥1,234.56 with digits of one width; its text (tooltip, export) is the same', () => {
    expect(cellText(amount, 123456, [])).toBe('¥1,234.56');
    expect(cellText(amount, -5, [])).toBe('-¥0.05');
    const { container } = render(<>{typeCell(amount, 123456, '¥1,234.56')}</>);
    const cell = container.querySelector('.ba-money')!;
    expect(cell.textContent).toBe('¥1,234.56');
  });

  it('a state shows as a tag of its colour; a choice without a colour stays text', () => {
    const options = fieldOptions(state, {});
    expect(options).toEqual([
      { value: 0, label: '待支付', color: 'orange' },
      { value: 1, label: '已支付', color: 'green' },
    ]);
    const { container } = render(<>{typeCell(state, 1, '已支付', options)}</>);
    const tag = container.querySelector('.arco-tag')!;
    expect(tag.textContent).toBe('已支付');
    expect(tag.className).toContain('arco-tag-green');
    expect(typeCell(order.fields.kind, 1, '普通', fieldOptions(order.fields.kind, {}))).toBeUndefined();
    expect(typeCell(state, 7, '7', options)).toBeUndefined();
  });

  it('a record being viewed shows the amount in yuan and the state as its tag', async () => {
    render(<Harness mode="view" initial={{ title: 'x', amount: 990, state: 0 }} />);
    await waitFor(() => expect(document.querySelector('.ba-view-value .ba-money')?.textContent).toBe('¥9.90'));
    const tag = document.querySelector('.ba-view-value .arco-tag')!;
    expect([tag.textContent, tag.className.includes('arco-tag-orange')]).toEqual(['待支付', true]);
    expect(typeView(amount, 990)).toBeTruthy();
  });

  it('the export writes an amount as a number of yuan (two decimals), a state as its label', () => {
    const columns = Object.entries(order.fields).filter(([name]) => name !== 'kind');
    const sheet = sheetRows(columns, [{ title: 'a', amount: 123456, state: 1 }, { title: 'b', amount: null, state: 0 }], (f) => fieldOptions(f, {}));
    expect(sheet).toEqual([
      ['标题', '金额', '状态'],
      ['a', { yuan: 1234.56, text: '¥1,234.56' }, '已支付'],
      ['b', '', '待支付'],
    ]);
  });
});


describe('a list screen with amounts and states', () => {
  it('lists ¥1,234.56 right-aligned and the state as its tag; an added row sends 19.99 as 1999 fen', async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache();
    const rows = [{ id: '1', title: '第一单', amount: 123456, state: 1, kind: 1 }];
    const sent: unknown[] = [];
    mockFetch((call) => {
      const path = new URL(call.url, 'http://localhost').pathname;
      const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
      if (path === '/api/demo/order/list') return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
      if (path === '/api/demo/order/submit') {
        sent.push(JSON.parse(String(call.body)));
        return ok(null);
      }
      return { status: 500, body: { code: 500, success: false, data: null, msg: `unexpected ${call.url}` } };
    });
    runInAction(() => {
      session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'admin', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' };
      session.permission = new Set(['shop_order', 'shop_order_add', 'shop_order_edit', 'shop_order_delete', 'shop_order_view']);
    });
    try {
      renderAt(<CrudPage entity={order} />);
      const row = (await screen.findByText('第一单')).closest('tr') as HTMLElement;
      const money = within(row).getByText('¥1,234.56');
      expect(money.className).toBe('ba-money');
      expect((money.closest('td') as HTMLElement).style.textAlign).toBe('right');
      const tag = within(row).getByText('已支付').closest('.arco-tag') as HTMLElement;
      expect(tag.className).toContain('arco-tag-green');
      expect(within(row).getByText('普通').closest('.arco-tag')).toBeNull();

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: /新\s*增/ }));
      const dialog = () => document.querySelector('.ba-crud-dialog') as HTMLElement;
      await user.type(await within(dialog()).findByPlaceholderText('请输入标题'), '第二单');
      await user.type(within(dialog()).getByPlaceholderText('请输入金额'), '19.99');
      await user.click(screen.getByTestId('crud-save'));
      await waitFor(() => expect(sent).toEqual([{ title: '第二单', amount: 1999 }]));
    } finally {
      rs.unstubAllGlobals();
    }
  });
});
