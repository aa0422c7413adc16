import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import cardPlugin from '../index';

/** The album screen against hand-written answers: the editor's picture board and what a save sends. */

const FILE = '/api/blade-resource/oss/endpoint/file/';
const pictures = ['a', 'b', 'c'].map((n) => ({ id: `9${n.charCodeAt(0)}`, link: `${FILE}${n}.jpg`, thumbLink: `${FILE}${n}-320.jpg`, caption: `图${n}`, width: 1200, height: 800 }));
const album = { id: '501', companyId: '7', companyName: '布雷德科技', title: '滨江商务中心', category: 2, cover: '', sort: 1, status: 1, viewCount: 12, imageCount: 3, coverThumb: pictures[0]!.thumbLink };

function backend(sent: Record<string, unknown>[], putFile: () => unknown = () => ok({ link: `${FILE}new.jpg` })) {
  return respond({
    'GET /api/case/album/page': () => page([album]),
    'GET /api/case/album/detail': () => ok({ ...album, images: pictures }),
    'GET /api/company/information/list': () => ok([{ id: '7', name: '布雷德科技', shortName: '布雷德', isDefault: 1 }]),
    'GET /api/blade-system/dict/dictionary': () => ok([{ dictKey: '2', dictValue: '建筑外观' }]),
    'POST /api/case/album/update': (call) => {
      sent.push(call.body as Record<string, unknown>);
      // The first update is refused, as a server would refuse a picture it cannot read.
      return sent.length === 1 ? fail('第2张图片不存在或已被删除', 400) : ok(null);
    },
    'POST /api/case/album/save': (call) => {
      sent.push(call.body as Record<string, unknown>);
      return ok(null);
    },
    'POST /api/wx/upload/file': putFile as () => ReturnType<typeof ok>,
  });
}

const open = async (sent: Record<string, unknown>[], button: '修改' | '新增', putFile?: () => unknown) => {
  const app = await renderPlugin(cardPlugin, { backend: backend(sent, putFile), route: '/card/album', with: [dictPlugin] });
  expect(await screen.findByText('滨江商务中心')).toBeTruthy();
  await app.user.click(screen.getAllByRole('button', { name: button })[0]!);
  const dialog = await screen.findByRole('dialog');
  return { app, dialog };
};
const handles = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: /^第 \d 张图片，共/ });

describe('album editor', () => {
  it('moves pictures from the keyboard and by their buttons; the save sends that order with the captions, and a refused one keeps them', async () => {
    const sent: Record<string, unknown>[] = [];
    const { app, dialog } = await open(sent, '修改');
    await waitFor(() => expect(handles(dialog)).toHaveLength(3));
    expect(within(dialog).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(pictures.map((p) => p.thumbLink));

    // The third picture to the front with Alt+Home; it keeps the focus, and Alt+→ takes it one step back.
    handles(dialog)[2]!.focus();
    await app.user.keyboard('{Alt>}{Home}{/Alt}');
    await waitFor(() => expect(document.activeElement).toBe(handles(dialog)[0]));
    expect(await within(dialog).findByText('已移到第 1 张')).toBeTruthy();
    await app.user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(document.activeElement).toBe(handles(dialog)[1]));
    // c, a, b became a, c, b. The last picture to the front with its button, and a caption changed.
    await app.user.click(within(dialog).getAllByRole('button', { name: '移到最前' })[2]!);
    const caption = within(dialog).getByRole('textbox', { name: '第 1 张图片的说明' });
    fireEvent.change(caption, { target: { value: '  主楼立面 ' } });

    const captions = () => within(dialog).getAllByRole('textbox', { name: /张图片的说明$/ }).map((input) => (input as HTMLInputElement).value);
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Refused: the editor stays open with the pictures, their order and captions as they were.
    expect(await screen.findByText('第2张图片不存在或已被删除')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('crud-save').className).not.toContain('loading'));
    expect(captions()).toEqual(['  主楼立面 ', '图a', '图c']);

    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(sent[0]);
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      id: '501',
      title: '滨江商务中心',
      images: [
        { link: `${FILE}b.jpg`, caption: '主楼立面' },
        { link: `${FILE}a.jpg`, caption: '图a' },
        { link: `${FILE}c.jpg`, caption: '图c' },
      ],
    });
  }, 60_000);

  it('uploads several files at once, refusing what is no jpg/png by its own line, and will not save an album without pictures', async () => {
    const sent: Record<string, unknown>[] = [];
    const { app, dialog } = await open(sent, '新增');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect((await within(dialog).findByText('请上传至少一张图片')).getAttribute('role')).toBe('alert');
    expect(within(dialog).getByText('请输入相册标题')).toBeTruthy(); // the fields are checked too
    expect(sent).toEqual([]);

    const input = within(dialog).getByTestId('album-upload-input') as HTMLInputElement;
    const files = [new File(['x'], 'ok.jpg', { type: 'image/jpeg' }), new File(['x'], 'anim.gif', { type: 'image/gif' })];
    fireEvent.change(input, { target: { files } });
    const uploads = within(dialog).getByTestId('album-uploads');
    await waitFor(() => expect(within(uploads).getByText('已上传')).toBeTruthy());
    expect(within(uploads).getByText('只能上传jpg/png格式的图片')).toBeTruthy();
    expect(app.callsTo('POST /api/wx/upload/file')).toHaveLength(1);
    await waitFor(() => expect(handles(dialog)).toHaveLength(1));
    expect(within(dialog).queryByText('请上传至少一张图片')).toBeNull();
  }, 60_000);

  it('takes a phone photo of a few megabytes through the card picture upload, and refuses one over 5 MB before sending it', async () => {
    const { app, dialog } = await open([], '新增');
    const input = within(dialog).getByTestId('album-upload-input') as HTMLInputElement;
    const photo = new File([new Uint8Array(3 * 1024 * 1024)], 'photo.jpg', { type: 'image/jpeg' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo, huge] } });
    const uploads = within(dialog).getByTestId('album-uploads');
    await waitFor(() => expect(within(uploads).getByText('已上传')).toBeTruthy());
    expect(within(uploads).getByText('上传图片大小不能超过5MB')).toBeTruthy();
    expect(app.callsTo('POST /api/wx/upload/file')).toHaveLength(1);
  }, 60_000);

  it('shows how much of the picture being sent is through, with a cancel button; cancelling it and a waiting one leaves the board as it was and lets the album save', async () => {
    const sent: Record<string, unknown>[] = [];
    const holds: (() => void)[] = [];
    const { app, dialog } = await open(sent, '修改', () => new Promise((resolve) => holds.push(() => resolve(ok({ link: `${FILE}late.jpg` })))));
    await waitFor(() => expect(handles(dialog)).toHaveLength(3));
    const input = within(dialog).getByTestId('album-upload-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(800)], 'one.jpg', { type: 'image/jpeg' }), new File(['x'], 'two.jpg', { type: 'image/jpeg' })] } });
    const uploads = within(dialog).getByTestId('album-uploads');
    // The file being sent: its bar at half (the test XHR holds the answer there); the other waits.
    const sending = await within(uploads).findByRole('group', { name: 'one.jpg' });
    await waitFor(() => expect(within(sending).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    expect(within(sending).getByText('已上传 50%')).toBeTruthy();
    expect(within(uploads).getByText('等待上传')).toBeTruthy();
    // A save waits for the uploads.
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('图片还在上传，请等上传完成后再保存')).toBeTruthy();

    await app.user.click(within(uploads).getByRole('button', { name: '取消上传two.jpg' }));
    within(uploads).getByRole('button', { name: '取消上传one.jpg' }).focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(within(uploads).getAllByText('已取消上传')).toHaveLength(2));
    holds.forEach((release) => release());
    expect(app.callsTo('POST /api/wx/upload/file')).toHaveLength(1);
    expect(handles(dialog)).toHaveLength(3);
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.images as unknown[]).length).toBe(3);
  }, 60_000);
});
