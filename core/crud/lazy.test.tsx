import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message, Modal } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { defineEntity } from '../schema/entity';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite, type FetchCall } from '../testing/site';
import { CrudPage } from './CrudPage';
import { useCrudList } from './useCrudList';
import { renderAt } from './test-router';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** A tree loaded level by level: `lazy-list?parentId=` answers one level, each row saying hasChildren. */
const placeEntity = defineEntity({
  name: 'place',
  table: 'demo_place',
  label: { zh: '地点', en: 'Place' },
  permission: 'place',
  tenant: false,
  audit: false,
  logicalDelete: true,
  api: { base: '/api/demo/place', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    placeName: { type: 'string', label: { zh: '名称', en: 'Name' }, required: { zh: '请输入名称', en: 'Name' }, search: 'like' },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' } },
  },
});

type Place = { id: string; parentId: string; placeName: string; sort: number };
const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

/** A small backend of places: lazy-list by parentId (or every match when searching), submit, remove. */
function places() {
  let all: Place[] = [
    { id: '1', parentId: '0', placeName: '中国', sort: 1 },
    { id: '2', parentId: '0', placeName: '日本', sort: 2 },
    { id: '11', parentId: '1', placeName: '上海', sort: 1 },
    { id: '12', parentId: '1', placeName: '北京', sort: 2 },
    { id: '111', parentId: '11', placeName: '浦东', sort: 1 },
  ];
  const level = (rows: Place[]) => rows.map((p) => ({ ...p, hasChildren: all.some((c) => c.parentId === p.id) }));
  const calls = mockFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    const q = queryOf(call);
    if (path === '/api/demo/place/lazy-list') {
      const name = q.get('placeName');
      if (name) return ok(level(all.filter((p) => p.placeName.includes(name))));
      return ok(level(all.filter((p) => p.parentId === (q.get('parentId') ?? '0'))));
    }
    if (path === '/api/demo/place/submit') {
      const body = JSON.parse(String(call.body)) as Place;
      all = body.id ? all.map((p) => (p.id === body.id ? { ...p, ...body } : p)) : [...all, { ...body, id: String(all.length + 100), parentId: body.parentId ?? '0' }];
      return ok(null);
    }
    if (path === '/api/demo/place/remove') {
      const ids = (q.get('ids') ?? '').split(',');
      all = all.filter((p) => !ids.includes(p.id));
      return ok(null);
    }
    return { status: 500, body: { code: 500, success: false, data: null, msg: `unexpected ${call.url}` } };
  });
  const levels = () => calls.filter((c) => c.url.startsWith('/api/demo/place/lazy-list'));
  return { calls, levels, parentsAsked: () => levels().map((c) => queryOf(c).get('parentId') ?? '') };
}

function grant(...codes: string[]) {
  runInAction(() => {
    session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'admin', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' };
    session.permission = new Set(codes);
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const expandButton = (text: string) => within(rowOf(text)).getByRole('button', { name: '展开' });

function PlacePage({ loader }: { loader?: (row: { id?: string }) => Promise<Record<string, unknown>[]> }) {
  const list = useCrudList({ entity: placeEntity, action: 'lazy-list', lazy: loader ?? true });
  return <CrudPage entity={placeEntity} list={list} table={{ tree: true }} />;
}

describe('lazy tree tables', () => {
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache(); // nothing cached by an earlier test
  });
  afterEach(() => {
    act(() => {
      Message.clear();
      Modal.destroyAll();
    });
    rs.unstubAllGlobals();
  });

  it('loads one level; expanding a row calls the loader once and shows its children; folding keeps them', async () => {
    const backend = places();
    grant('place', 'place_view');
    renderAt(<PlacePage />);
    expect(await screen.findByText('中国')).toBeTruthy();
    expect(screen.queryByText('上海')).toBeNull();
    expect(backend.parentsAsked()).toEqual(['']); // the roots: no parentId, no paging
    expect(queryOf(backend.levels()[0]!).get('current')).toBeNull();
    // Only a row with children offers to expand.
    expect(within(rowOf('日本')).queryByRole('button', { name: '展开' })).toBeNull();

    await userEvent.click(expandButton('中国'));
    expect(await screen.findByText('上海')).toBeTruthy();
    expect(screen.getByText('北京')).toBeTruthy();
    expect(backend.parentsAsked()).toEqual(['', '1']);
    expect(within(rowOf('中国')).getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');

    // A second level, then fold and open again: nothing is asked again.
    await userEvent.click(expandButton('上海'));
    expect(await screen.findByText('浦东')).toBeTruthy();
    await userEvent.click(within(rowOf('中国')).getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByText('上海')).toBeNull());
    await userEvent.click(expandButton('中国'));
    expect(await screen.findByText('浦东')).toBeTruthy(); // 上海 stayed open
    expect(backend.parentsAsked()).toEqual(['', '1', '11']);
  });

  it('a click while the children load does not ask twice; a loader of one’s own is used', async () => {
    places();
    grant('place');
    let release: () => void = () => undefined;
    const asked: (string | undefined)[] = [];
    const loader = (row: { id?: string }) => {
      asked.push(row.id);
      return new Promise<Record<string, unknown>[]>((resolve) => {
        release = () => resolve([{ id: '99', parentId: row.id, placeName: '自己的孩子', sort: 1 }]);
      });
    };
    renderAt(<PlacePage loader={loader} />);
    await screen.findByText('中国');
    await userEvent.click(expandButton('中国'));
    const busy = within(rowOf('中国')).getByRole('button', { name: '收起' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(busy); // folds while loading
    await userEvent.click(expandButton('中国')); // and opens again: still the one call
    act(() => release());
    expect(await screen.findByText('自己的孩子')).toBeTruthy();
    expect(asked).toEqual(['1']);
  });

  it('after a removal the open rows’ children are loaded again; a search starts folded', async () => {
    const backend = places();
    grant('place', 'place_delete', 'place_view');
    renderAt(<PlacePage />);
    await screen.findByText('中国');
    await userEvent.click(expandButton('中国'));
    expect(await screen.findByText('北京')).toBeTruthy();

    await userEvent.click(within(rowOf('北京')).getByRole('button', { name: /删\s*除/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('北京')).toBeNull());
    expect(screen.getByText('上海')).toBeTruthy(); // still open, its level asked again
    expect(backend.parentsAsked()).toEqual(['', '1', '', '1']);

    await userEvent.type(screen.getByPlaceholderText('请输入名称'), '上{Enter}');
    await waitFor(() => expect(backend.levels().at(-1)!.url).toContain('placeName='));
    expect(await screen.findByText('上海')).toBeTruthy();
    expect(screen.queryByText('中国')).toBeNull();
    expect(expandButton('上海').getAttribute('aria-expanded')).toBe('false');
    const last: FetchCall = backend.levels().at(-1)!;
    expect(queryOf(last).get('parentId')).toBeNull();
  });
});
