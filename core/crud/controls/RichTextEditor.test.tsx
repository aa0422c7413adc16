import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { clearBrowserState, mockFetch, setTestSite, type FetchCall } from '../../testing/site';
import { RichTextInput } from './RichTextInput';
import { RichTextView } from './RichTextView';

const it = (name: string, fn: () => void | Promise<void>) => baseIt(name, fn, 60_000);

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const FILE = '/api/blade-resource/oss/endpoint/file';

/** The editor as a form holds it: the value it emits is shown beside it. */
function Held({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextInput label="介绍" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}
const held = () => screen.getByTestId('value').textContent;
const editorBox = () => screen.findByRole('textbox', { name: '介绍' }, { timeout: 10_000 });

/** Types at the end of the text's last paragraph (clicked, which puts the caret after its words). */
async function typeAtEnd(box: HTMLElement, text: string) {
  const user = userEvent.setup();
  await act(async () => box.focus());
  await user.click(box.querySelector('p:last-child')!);
  await user.keyboard(text);
}

describe('rich-text pictures', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('a text with pictures opened and edited keeps every picture, in its place, as the server stores it', async () => {
    const stored = `<p>厂区<img src="${FILE}/plant.jpg" alt="厂区全景"></p><p><img src="https://cdn.example.com/team.png" alt="团队">合影</p><p>结尾</p>`;
    render(<Held initial={stored} />);
    const box = await editorBox();
    expect([...box.querySelectorAll('img:not(.ProseMirror-separator)')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      [`${FILE}/plant.jpg`, '厂区全景'],
      ['https://cdn.example.com/team.png', '团队'],
    ]);
    // Opening it changes nothing: no value is emitted until the text is edited.
    expect(held()).toBe(stored);
    await typeAtEnd(box, '。');
    await waitFor(() => expect(held()).toBe(stored.replace('结尾</p>', '结尾。</p>')));
  });

  it('a picture the server would refuse (a data: or script source) is not taken into the editor', async () => {
    render(<Held initial={`<p>a<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><img src="${FILE}/ok.png"></p>`} />);
    const box = await editorBox();
    await typeAtEnd(box, 'b');
    await waitFor(() => expect(held()).toBe(`<p>a<img src="${FILE}/ok.png">b</p>`));
  });

  it('the toolbar uploads a picture through put-file and puts it at the caret; a refusal is said and changes nothing', async () => {
    const calls = mockFetch(() => ok({ link: `${FILE}/new.png` }));
    const { container } = render(<Held initial="<p>产品</p>" />);
    const box = await editorBox();
    await typeAtEnd(box, '图');
    const toolbar = screen.getByRole('toolbar', { name: '格式' });
    const input = container.querySelector('.ba-richtext-toolbar input[type=file]') as HTMLInputElement;
    expect(within(toolbar).getByRole('button', { name: '插入图片' })).toBeTruthy();
    await userEvent.upload(input, new File([new Uint8Array(10)], 'p.png', { type: 'image/png' }));
    await waitFor(() => expect(held()).toBe(`<p>产品图<img src="${FILE}/new.png"></p>`));
    const [call] = calls as [FetchCall];
    expect([call.method, call.url]).toEqual(['POST', '/api/blade-resource/oss/endpoint/put-file']);
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);

    // Too big: refused before sending, in the server's words; the text is as it was.
    await userEvent.upload(input, new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }));
    expect((await within(toolbar).findByRole('alert')).textContent).toBe('上传图片大小不能超过500KB');
    expect(calls).toHaveLength(1);
    expect(held()).toBe(`<p>产品图<img src="${FILE}/new.png"></p>`);
  });

  it('the server’s refusal of an upload is shown in the toolbar', async () => {
    mockFetch(() => ({ status: 400, body: { code: 400, success: false, data: null, msg: '只能上传jpg/png格式的图片' } }));
    const { container } = render(<Held initial="<p>x</p>" />);
    await editorBox();
    const input = container.querySelector('.ba-richtext-toolbar input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(10)], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('只能上传jpg/png格式的图片');
    expect(held()).toBe('<p>x</p>');
  });

  it('the view shows the pictures the editor makes', () => {
    const { container } = render(<RichTextView html={`<p>产品图<img src="${FILE}/new.png" alt="新品"></p>`} />);
    const img = within(container).getByRole('img', { name: '新品' });
    expect(img.getAttribute('src')).toBe(`${FILE}/new.png`);
  });
});
