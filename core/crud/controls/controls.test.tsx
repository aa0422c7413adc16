import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { clearBrowserState, mockFetch, setTestSite, type FetchCall } from '../../testing/site';
import { ImagesWall } from './ImagesWall';
import { ImageUpload } from './ImageUpload';
import { RichTextInput } from './RichTextInput';
import { richTextPlain, RichTextView } from './RichTextView';

const it = (name: string, fn: () => void | Promise<void>) => baseIt(name, fn, 60_000);

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const FILE = '/api/blade-resource/oss/endpoint/file';
const png = (name = 'a.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const fileInput = (container: HTMLElement) => container.querySelector('input[type=file]') as HTMLInputElement;

/** A form field's value as the form would hold it. */
function Held<P extends { value?: string; onChange?: (v: string) => void }>({ initial, control: Control, props }: { initial: string; control: (p: P) => React.ReactNode; props: Omit<P, 'value' | 'onChange'> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {Control({ ...(props as P), value, onChange: setValue })}
      <output data-testid="value">{value}</output>
    </>
  );
}
const held = () => screen.getByTestId('value').textContent;

describe('ImageUpload', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('posts the file as multipart `file` with the app’s headers, holds the answered link, previews and removes it', async () => {
    let n = 0;
    const calls = mockFetch(() => ok({ link: `${FILE}/${++n}.png` }));
    const { container } = render(<Held initial="" control={ImageUpload} props={{ label: '封面' }} />);
    expect(screen.getByRole('button', { name: '上传封面' })).toBeTruthy();
    await userEvent.upload(fileInput(container), png());
    await waitFor(() => expect(held()).toBe(`${FILE}/1.png`));
    const [call] = calls as [FetchCall];
    expect([call.method, call.url]).toEqual(['POST', '/api/blade-resource/oss/endpoint/put-file']);
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    expect(call.headers.get('Blade-Auth') ?? call.headers.get('authorization')).toBeTruthy();
    const img = screen.getByRole('img', { name: '封面' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${FILE}/1.png`);
    expect(screen.getByRole('button', { name: '预览封面' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '删除封面' }));
    expect(held()).toBe('');
    expect(screen.getByRole('button', { name: '上传封面' })).toBeTruthy();
  });

  it('shows the server’s refusal and keeps the value; refuses a wrong type or size before sending', async () => {
    const calls = mockFetch(() => ({ status: 400, body: { code: 400, success: false, data: null, msg: '只能上传jpg/png格式的图片' } }));
    const { container } = render(<Held initial="" control={ImageUpload} props={{ label: '封面' }} />);
    await userEvent.upload(fileInput(container), png('fake.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('只能上传jpg/png格式的图片');
    expect(held()).toBe('');
    expect(calls).toHaveLength(1);

    fireEvent.change(fileInput(container), { target: { files: [png('big.png', 600 * 1024)] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('上传图片大小不能超过500KB'));
    fireEvent.change(fileInput(container), { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('只能上传jpg/png格式的图片'));
    expect(calls).toHaveLength(1);
  });

  it('shows how much of the picture is sent while it goes; the answer fills the value', async () => {
    let release = () => {};
    mockFetch(() => new Promise((resolve) => (release = () => resolve(ok({ link: `${FILE}/p.png` })))));
    const { container } = render(<Held initial="" control={ImageUpload} props={{ label: '封面' }} />);
    await userEvent.upload(fileInput(container), png('photo.png', 2000));
    // The test XHR reports half the body sent while the answer is held.
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByRole('group', { name: 'photo.png' }).textContent).toContain('50%');
    expect(screen.queryByRole('button', { name: '上传封面' })).toBeNull();
    release();
    await waitFor(() => expect(held()).toBe(`${FILE}/p.png`));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancels an upload from the keyboard: nothing is held, no error is said, the picker is back and focused', async () => {
    let release = () => {};
    const calls = mockFetch(() => new Promise((resolve) => (release = () => resolve(ok({ link: `${FILE}/late.png` })))));
    const { container } = render(<Held initial="" control={ImageUpload} props={{ label: '封面' }} />);
    await userEvent.upload(fileInput(container), png('photo.png', 2000));
    const cancel = await screen.findByRole('button', { name: '取消上传photo.png' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '上传封面' })));
    release(); // a late answer changes nothing
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('disabled (viewing): the picture and its preview, no remove', () => {
    render(<ImageUpload value={`${FILE}/x.png`} label="封面" disabled />);
    expect(screen.getByRole('button', { name: '预览封面' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除封面' })).toBeNull();
  });
});

describe('ImagesWall', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  const links = [`${FILE}/a.png`, `${FILE}/b.png`, `${FILE}/c.png`];

  it('moves pictures left and right with named buttons, and removes one; the value stays comma-joined in order', async () => {
    const user = userEvent.setup();
    render(<Held initial={links.join(',')} control={ImagesWall} props={{ label: '相册', max: 9 }} />);
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(links);
    // The first has no "left", the last no "right".
    expect(screen.queryByRole('button', { name: '相册 1前移' })).toBeNull();
    expect(screen.queryByRole('button', { name: '相册 3后移' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '相册 1后移' }));
    expect(held()).toBe([links[1], links[0], links[2]].join(','));
    // By keyboard: Tab reaches the buttons, Enter presses them.
    screen.getByRole('button', { name: '相册 3前移' }).focus();
    await user.keyboard('{Enter}');
    expect(held()).toBe([links[1], links[2], links[0]].join(','));
    await user.click(screen.getByRole('button', { name: '删除相册 1' }));
    expect(held()).toBe([links[2], links[0]].join(','));
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual([links[2], links[0]]);
  });

  it('adds several files in the order chosen, up to the limit, and says when more were chosen', async () => {
    let n = 0;
    mockFetch(() => ok({ link: `${FILE}/new${++n}.png` }));
    const { container } = render(<Held initial={links[0]!} control={ImagesWall} props={{ label: '相册', max: 3 }} />);
    fireEvent.change(fileInput(container), { target: { files: [png('1.png'), png('2.png'), png('3.png')] } });
    await waitFor(() => expect(held()).toBe([links[0], `${FILE}/new1.png`, `${FILE}/new2.png`].join(',')));
    expect(screen.getByRole('alert').textContent).toBe('最多上传3张图片');
    // Full: no more "add".
    expect(screen.queryByRole('button', { name: '上传相册' })).toBeNull();
  });

  it('says which of the chosen files is going up; cancelling stops that one and those waiting', async () => {
    let n = 0;
    const holds: (() => void)[] = [];
    const calls = mockFetch(() => new Promise((resolve) => holds.push(() => resolve(ok({ link: `${FILE}/w${++n}.png` })))));
    const { container } = render(<Held initial="" control={ImagesWall} props={{ label: '相册', max: 9 }} />);
    fireEvent.change(fileInput(container), { target: { files: [png('1.png', 100), png('2.png', 100), png('3.png', 100)] } });
    await screen.findByText('第 1/3 个');
    holds.shift()!();
    await screen.findByText('第 2/3 个');
    await waitFor(() => expect(held()).toBe(`${FILE}/w1.png`));
    await userEvent.click(await screen.findByRole('button', { name: '取消上传2.png' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '上传相册' })).toBeTruthy());
    holds.forEach((release) => release());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held()).toBe(`${FILE}/w1.png`);
    expect(calls).toHaveLength(2); // the third never went
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disabled (viewing): pictures alone, no buttons to change them', () => {
    render(<ImagesWall value={links.join(',')} label="相册" disabled />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /后移|前移|删除|上传/ })).toBeNull();
  });
});

describe('rich text', () => {
  it('the editor loads lazily, shows the value and emits HTML as it is edited; formatting from the toolbar', async () => {
    const user = userEvent.setup();
    render(<Held initial="<p>hello</p>" control={RichTextInput} props={{ label: '内容' }} />);
    const box = await screen.findByRole('textbox', { name: '内容' }, { timeout: 10_000 });
    expect(box.innerHTML).toContain('hello');
    const toolbar = screen.getByRole('toolbar', { name: '格式' });
    for (const name of ['加粗', '斜体', '无序列表', '有序列表', '链接', '撤销', '重做']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    await act(async () => {
      box.focus();
    });
    // Select everything and make it bold through the toolbar.
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(toolbar).getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(held()).toBe('<p><strong>hello</strong></p>'));
    await user.click(within(toolbar).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(held()).toBe('<p>hello</p>'));
  });

  it('an emptied editor is an empty value; a new value from outside replaces the text', async () => {
    function Outside() {
      const [value, setValue] = useState('<p>one</p>');
      return (
        <>
          <RichTextInput label="内容" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('<h2>two</h2>')}>
            load
          </button>
          <output data-testid="value">{value}</output>
        </>
      );
    }
    render(<Outside />);
    const box = await screen.findByRole('textbox', { name: '内容' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(box.querySelector('h2')?.textContent).toBe('two'));
    expect(held()).toBe('<h2>two</h2>');
  });

  it('the view renders only allowed markup, whatever the value holds; a cell shows the words', () => {
    const html =
      '<h2>标题</h2><p onclick="x()" style="color:red">a<strong>b</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://e.com">good</a><img src="x" onerror="alert(1)"><img src="/api/blade-resource/oss/endpoint/file/p.png" alt="p"><iframe src="https://evil"></iframe>';
    const { container } = render(<RichTextView html={html} />);
    const view = container.querySelector('.ba-richtext')!;
    expect(view.querySelector('script, iframe, [onclick], [style], [onerror]')).toBeNull();
    expect(view.querySelector('h2')?.textContent).toBe('标题');
    expect(view.querySelector('strong')?.textContent).toBe('b');
    const anchors = [...view.querySelectorAll('a')];
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['bad', null, 'noopener noreferrer'],
      ['good', 'https://e.com', 'noopener noreferrer'],
    ]);
    expect([...view.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/api/blade-resource/oss/endpoint/file/p.png']);
    expect(richTextPlain(html)).toBe('标题 ab badgood');
    expect(richTextPlain('<p>one</p><p>two<br>three</p>')).toBe('one two three');
  });
});
