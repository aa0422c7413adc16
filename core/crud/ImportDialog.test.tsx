import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message, Modal } from '@arco-design/web-react';
import { clearBrowserState, mockFetch, queryOf, setTestSite } from '../testing/site';
import { ImportDialog, type ImportDialogProps } from './ImportDialog';
import { renderAt } from './test-router';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const texts = {
  title: '导入名单',
  hint: '按模板填写',
  template: '下载模板',
  chooseFile: '选择文件',
  noFile: '未选择文件',
  upload: '开始导入',
  fileRequired: '请先选择文件',
  fileType: '只能导入 .xlsx 文件',
  fileSize: '文件太大',
};

type Outcome = { imported: number };

function dialog(overrides: Partial<ImportDialogProps<Outcome>> = {}): ImportDialogProps<Outcome> {
  return {
    visible: true,
    onClose: () => undefined,
    texts,
    template: { url: '/api/demo/import-template', params: { language: 'zh' }, fileName: '名单模板.xlsx' },
    upload: () => Promise.resolve({ imported: 2 }),
    renderOutcome: (outcome) => `导入了 ${outcome.imported} 行`,
    className: 'demo-import',
    testId: 'demo-import',
    maxBytes: 10,
    ...overrides,
  };
}

const xlsx = (name: string, bytes = 'PK') => new File([bytes], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('ImportDialog', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
  });
  afterEach(() => {
    act(() => {
      Message.clear();
      Modal.destroyAll();
    });
    rs.unstubAllGlobals();
    rs.restoreAllMocks();
  });

  it('refuses to send without a file, a file that is no .xlsx and one too big; sends the chosen one and shows the outcome', async () => {
    const sent: FormData[] = [];
    const upload = (form: FormData) => {
      sent.push(form);
      return Promise.resolve({ imported: 3 });
    };
    const user = userEvent.setup({ applyAccept: false });
    renderAt(<ImportDialog {...dialog({ upload })} />);
    const box = await screen.findByRole('dialog');
    expect(within(box).getByText('导入名单')).toBeTruthy();
    expect(within(box).getByText('按模板填写')).toBeTruthy();
    expect(within(box).getByText('未选择文件')).toBeTruthy();

    await user.click(within(box).getByTestId('demo-import-upload'));
    expect(await screen.findByText('请先选择文件')).toBeTruthy();
    await user.upload(within(box).getByTestId('demo-import-file'), new File(['x'], 'list.csv', { type: 'text/csv' }));
    expect(await screen.findByText('只能导入 .xlsx 文件')).toBeTruthy();
    await user.upload(within(box).getByTestId('demo-import-file'), xlsx('big.xlsx', 'PK-more-than-ten-bytes'));
    expect(await screen.findByText('文件太大')).toBeTruthy();
    expect(within(box).getByText('未选择文件')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.upload(within(box).getByTestId('demo-import-file'), xlsx('list.xlsx'));
    expect(within(box).getByText('list.xlsx')).toBeTruthy();
    await user.click(within(box).getByTestId('demo-import-upload'));
    const outcome = await within(box).findByTestId('demo-import-outcome');
    expect([outcome.getAttribute('role'), outcome.textContent]).toEqual(['status', '导入了 3 行']);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.get('file') as File).name).toBe('list.xlsx');

    // Another file: the earlier outcome goes, as it told of the other file.
    await user.upload(within(box).getByTestId('demo-import-file'), xlsx('next.xlsx'));
    expect(within(box).queryByTestId('demo-import-outcome')).toBeNull();
  });

  it('a failed upload keeps the file for another try and shows no outcome; a second click while sending sends nothing', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const calls: string[] = [];
    const upload = async (form: FormData) => {
      calls.push((form.get('file') as File).name);
      if (fail) throw new Error('refused');
      await new Promise<void>((resolve) => (release = resolve));
      return { imported: 1 };
    };
    const user = userEvent.setup();
    renderAt(<ImportDialog {...dialog({ upload })} />);
    const box = await screen.findByRole('dialog');
    await user.upload(within(box).getByTestId('demo-import-file'), xlsx('list.xlsx'));
    await user.click(within(box).getByTestId('demo-import-upload'));
    await waitFor(() => expect(calls).toEqual(['list.xlsx']));
    expect(within(box).getByText('list.xlsx')).toBeTruthy();
    expect(within(box).queryByTestId('demo-import-outcome')).toBeNull();

    fail = false;
    await user.click(within(box).getByTestId('demo-import-upload'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(within(box).getByTestId('demo-import-upload'));
    expect(calls).toHaveLength(2);
    act(() => release());
    expect((await within(box).findByTestId('demo-import-outcome')).textContent).toBe('导入了 1 行');
  });

  it('downloads the template with its parameters under its name; the extra options show; each opening starts afresh', async () => {
    const calls = mockFetch(() => ({ body: 'PK-template', headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    const saved: string[] = [];
    rs.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    rs.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    rs.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let closed = 0;
    const user = userEvent.setup();
    const props = dialog({ onClose: () => void closed++, options: <label>覆盖已有数据</label> });
    const view = renderAt(<ImportDialog {...props} />);
    const box = await screen.findByRole('dialog');
    expect(within(box).getByText('覆盖已有数据')).toBeTruthy();
    await user.click(within(box).getByTestId('demo-import-template'));
    await waitFor(() => expect(saved).toEqual(['名单模板.xlsx']));
    expect(calls.map((c) => [c.method, new URL(c.url, 'http://localhost').pathname, queryOf(c).get('language')])).toEqual([['GET', '/api/demo/import-template', 'zh']]);

    await user.upload(within(box).getByTestId('demo-import-file'), xlsx('list.xlsx'));
    await user.click(within(box).getByRole('button', { name: /关\s*闭/ }));
    expect(closed).toBe(1);
    view.rerender(<ImportDialog {...props} visible={false} />);
    await waitFor(() => expect(screen.queryByText('list.xlsx')).toBeNull());
    view.rerender(<ImportDialog {...props} />);
    expect(within(await screen.findByRole('dialog')).getByText('未选择文件')).toBeTruthy();
  });
});
