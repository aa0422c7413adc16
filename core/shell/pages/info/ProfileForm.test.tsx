import { afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { setTestSite } from '../../../testing/site';
import { http, type R } from '../../../http';
import { session, type UserInfo } from '../../../session/session';
import '../../locales/shellui';
import { ProfileForm } from './ProfileForm';

const ok = <T,>(data: T): R<T> => ({ code: 200, success: true, data, msg: '操作成功' });
const user = { user_id: '1', user_name: 'admin', nick_name: 'admin', real_name: 'Admin', role_name: 'administrator', avatar: '', account: 'admin', tenant_id: '000000', oauth_id: '', dept_id: '' } satisfies UserInfo;
const info = { id: '1', avatar: '', realName: 'Admin', name: 'admin', phone: '13800138000', email: 'a@b.co' };

beforeAll(() => {
  setTestSite();
  runInAction(() => (session.userInfo = user));
});
afterEach(() => {
  rs.restoreAllMocks();
  Message.clear();
});

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;

describe('ProfileForm', () => {
  it('loads the info, validates the phone, saves, and updates the top bar', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok(info));
    const post = rs.spyOn(http, 'post').mockResolvedValue(ok(null));
    render(<ProfileForm />);
    await waitFor(() => expect(field('手机号').value).toBe('13800138000'));
    expect(field('姓名').value).toBe('Admin');

    fireEvent.change(field('手机号'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy();
    fireEvent.change(field('手机号'), { target: { value: '1380013' } });
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy();
    fireEvent.change(field('手机号'), { target: { value: '28001380000' } });
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(field('手机号'), { target: { value: '13900139000' } });
    fireEvent.change(field('昵称'), { target: { value: 'boss' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][0]).toBe('/api/blade-user/update-info');
    expect(post.mock.calls[0][1]).toMatchObject({ id: '1', phone: '13900139000', name: 'boss', realName: 'Admin' });
    await waitFor(() => expect(session.userInfo?.nick_name).toBe('boss'));
    expect(await screen.findByText('修改信息成功!')).toBeTruthy();
  });

  it('keeps what was typed when the save fails', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok(info));
    rs.spyOn(http, 'post').mockRejectedValue(new Error('500'));
    render(<ProfileForm />);
    await waitFor(() => expect(field('手机号').value).toBe('13800138000'));
    fireEvent.change(field('姓名'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '提交' }).className).not.toContain('loading'));
    expect(field('姓名').value).toBe('Changed');
  });

  it('checks the avatar type and size before uploading', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok(info));
    const upload = rs.spyOn(http, 'upload').mockResolvedValue(ok({ link: 'http://oss/a.png' }));
    const { container } = render(<ProfileForm />);
    await waitFor(() => expect(field('手机号').value).toBe('13800138000'));
    const input = container.querySelector('input[type=file]') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('上传头像图片只能是 JPG/PNG 格式!')).toBeTruthy();
    const big = new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('上传头像图片大小不能超过 500KB!')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0][0]).toBe('/api/blade-resource/oss/endpoint/put-file');
    expect((upload.mock.calls[0][1] as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(container.querySelector('.ba-avatar-picker img')?.getAttribute('src')).toBe('http://oss/a.png'));
  });
});
