import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from '@arco-design/web-react';
import { i18n } from '../i18n';
import { defineEntity } from '../schema/entity';
import { EntityForm, type DynamicFields } from './EntityForm';
import type { Row } from './query';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const linkEntity = defineEntity({
  name: 'link',
  table: 'demo_link',
  label: { zh: '链接', en: 'Link' },
  permission: 'link',
  tenant: false,
  audit: false,
  logicalDelete: false,
  api: { base: '/api/demo/link', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    kind: {
      type: 'select',
      label: { zh: '类型', en: 'Kind' },
      options: [
        { value: 1, label: { zh: '页面', en: 'Page' } },
        { value: 2, label: { zh: '按钮', en: 'Button' } },
      ],
    },
    code: { type: 'string', label: { zh: '编号', en: 'Code' } },
    url: { type: 'string', label: { zh: '地址', en: 'URL' } },
    position: { type: 'string', label: { zh: '位置', en: 'Position' } },
  },
});

/** A page needs its URL and has no position; a button the other way round; a locked row keeps its code. */
const rules = (values: Row, loaded: Row): DynamicFields => {
  const button = Number(values.kind ?? loaded.kind) === 2;
  return { required: button ? [] : ['url'], hidden: [button ? 'url' : 'position'], disabled: loaded.locked ? ['code'] : [] };
};

let submitted: Row | null = null;
function Harness({ initial }: { initial: Row }) {
  const [form] = Form.useForm<Row>();
  return (
    <>
      <EntityForm entity={linkEntity} form={form} mode="edit" initialValues={initial} dynamic={rules} />
      <button type="button" onClick={() => void form.validate().then((v) => (submitted = v), () => undefined)}>
        check
      </button>
    </>
  );
}

describe('EntityForm dynamic fields', () => {
  it('hides, requires and disables fields from the values typed and the row loaded', async () => {
    const user = userEvent.setup();
    submitted = null;
    render(<Harness initial={{ kind: 1, code: 'x', url: '', locked: true }} />);
    expect(screen.queryByText('位置')).toBeNull();
    expect((screen.getByPlaceholderText('请输入编号') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'check' }));
    expect(await screen.findByText('请输入地址')).toBeTruthy();
    expect(submitted).toBeNull();

    // A button: the URL goes (and with it the rule), the position comes.
    await user.click(document.querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('按钮', { selector: '.arco-select-option, .arco-select-option *' }));
    await waitFor(() => expect(screen.getByText('位置')).toBeTruthy());
    expect(screen.queryByText('地址')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(submitted).toMatchObject({ kind: 2, code: 'x' }));
  });
});

describe('EntityForm labels and prompts', () => {

  it('marks every required field, by its rule or by the dynamic rules, and prompts a choice with 请选择', async () => {
    const user = userEvent.setup();
    const view = within(render(<Harness initial={{ code: 'x', url: '' }} />).container);
    const asterisk = (label: string) => Boolean(view.getByTitle(label).closest('.arco-form-item')!.querySelector('.arco-form-item-symbol'));
    expect(asterisk('地址')).toBe(true); // required while the kind is a page
    expect(asterisk('编号')).toBe(false);
    expect(view.getAllByText('请选择类型').length).toBeGreaterThan(0); // a select: choose, not enter
    expect(view.getByPlaceholderText('请输入编号')).toBeTruthy();
    await user.click(view.getAllByText('请选择类型')[0]!);
    fireEvent.click(await screen.findByText('按钮', { selector: '.arco-select-option, .arco-select-option *' }));
    await waitFor(() => expect(asterisk('位置')).toBe(false));
  });

  it('English: a wider label column, each label on one line with its whole text as a title', async () => {
    await i18n.changeLanguage('en');
    try {
      const view = within(render(<Harness initial={{ code: 'x', url: '' }} />).container);
      const label = view.getByTitle('URL');
      expect(label.className).toBe('ba-form-label');
      expect((label.closest('.arco-form-label-item') as HTMLElement).style.flex).toContain('176px');
      expect(view.getAllByText('Choose the kind').length).toBeGreaterThan(0);
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
