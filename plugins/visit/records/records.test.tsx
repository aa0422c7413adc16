import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, page, renderPlugin, respond } from '../../../core/sdk/testing';
import cardPlugin from '../../card/index';
import dictPlugin from '../../dict/index';
import visitPlugin from '../index';

/** These tests drive a whole screen: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const VISITS = [
  {
    id: '301',
    tenantId: '000000',
    visitTime: '2026-11-20 10:15:00',
    staffId: '11',
    staffName: '张伟',
    companyId: '1',
    companyName: '布雷德科技',
    visitorNick: '晴天',
    visitorAvatar: '',
    visitorId: 'oWx_****0001',
    source: 2,
    actions: 'view,call,save',
    staySeconds: 80,
    ipRegion: '',
  },
  { id: '302', tenantId: '000000', visitTime: '2026-11-20 09:00:00', staffId: '12', staffName: '李娜', companyId: '1', companyName: '布雷德科技', visitorNick: 'Kevin', visitorAvatar: '', visitorId: 'oWx_****0002', source: 1, actions: 'view', staySeconds: 3725, ipRegion: '' },
];

const backend = () =>
  respond({
    'GET /api/visit/info/page': () => page(VISITS),
    'GET /api/staff/info/list': () => ok([{ id: '11', name: '张伟', companyId: '1' }, { id: '12', name: '李娜', companyId: '1' }]),
    'GET /api/company/information/list': () => ok([{ id: '1', name: '布雷德科技', shortName: '布雷德', isDefault: 1 }]),
  });

describe('visit records screen', () => {
  it('lists visits read only: names, the source and actions as tags, the stay as a duration', async () => {
    await renderPlugin(visitPlugin, { with: [dictPlugin, cardPlugin], route: '/visit/info', backend: backend(), user: { permissions: ['visit_info', 'visit_info_view'] } });
    expect(await screen.findByText('晴天')).toBeTruthy();
    const row = screen.getByText('晴天').closest('tr')!;
    expect(within(row).getByText('张伟')).toBeTruthy();
    expect(within(row).getByText('布雷德科技')).toBeTruthy();
    expect(within(row).getByText('二维码').closest('.arco-tag')).toBeTruthy();
    for (const action of ['浏览', '拨打电话', '保存联系人']) expect(within(row).getByText(action).closest('.arco-tag')).toBeTruthy();
    expect(within(row).getByText('1分20秒')).toBeTruthy();
    expect(within(screen.getByText('Kevin').closest('tr')!).getByText('1小时2分')).toBeTruthy();
    // Visits are facts: nothing to add, edit or remove.
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('speaks English too', async () => {
    await renderPlugin(visitPlugin, { with: [dictPlugin, cardPlugin], route: '/visit/info', backend: backend(), language: 'en', user: { permissions: ['visit_info', 'visit_info_view'] } });
    await waitFor(() => expect(screen.getByText('晴天')).toBeTruthy());
    const row = screen.getByText('晴天').closest('tr')!;
    expect(within(row).getByText('QR code')).toBeTruthy();
    expect(within(row).getByText('Saved contact')).toBeTruthy();
    expect(within(row).getByText('1 min 20 s')).toBeTruthy();
  });
});
