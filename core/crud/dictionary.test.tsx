import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, render as renderBare, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite } from '../testing/site';
import { invalidateResource } from './data';
import { dictionaryResource, loadDictionary, useDictionary } from './dictionary';
import { DictionarySourceContext } from './dictionary-source';
import { TEST_DICTIONARIES } from './test-router';

/** Renders inside the dictionary source the dict plugin provides. */
const render = (ui: React.ReactElement) => renderBare(<DictionarySourceContext value={TEST_DICTIONARIES}>{ui}</DictionarySourceContext>);

function Labels({ code, biz }: { code: string; biz?: boolean }) {
  const { options, loading } = useDictionary(code, biz);
  return <p>{loading ? 'loading' : options.map((o) => `${o.value}=${o.label}`).join(',')}</p>;
}

const entries = (code: string) => [
  { code, dictKey: '1', dictValue: `${code}-一` },
  { code, dictKey: '2', dictValue: `${code}-二` },
];

describe('useDictionary', () => {
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache(); // nothing cached by an earlier test
    runInAction(() => (session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'r', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' }));
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('asks once per code however many fields use it, per kind (system / business), and remembers it for the page view', async () => {
    const calls = mockFetch((call) => ({ body: { code: 200, success: true, data: entries(queryOf(call).get('code')!), msg: '' } }));
    const { unmount } = render(
      <>
        <Labels code="sex" />
        <Labels code="sex" />
        <Labels code="sex" biz />
        <Labels code="notice" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('1=sex-一,2=sex-二')).toHaveLength(3));
    expect(screen.getByText('1=notice-一,2=notice-二')).toBeTruthy();
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/blade-system/dict-biz/dictionary?code=sex',
      '/api/blade-system/dict/dictionary?code=notice',
      '/api/blade-system/dict/dictionary?code=sex',
    ]);
    unmount();

    // Another screen later: from the cache, no request.
    render(<Labels code="sex" />);
    expect(await screen.findByText('1=sex-一,2=sex-二')).toBeTruthy();
    expect(calls).toHaveLength(3);
  });

  it('a write to the dictionaries refreshes every mounted view of them and drops the cached entries; business ones are another resource', async () => {
    let label = '男';
    const calls = mockFetch((call) => ({ body: { code: 200, success: true, data: [{ dictKey: '1', dictValue: `${queryOf(call).get('code')}-${label}` }], msg: '' } }));
    render(
      <>
        <Labels code="sex" />
        <Labels code="sex" biz />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText(/=sex-男/)).toHaveLength(2));
    expect(calls).toHaveLength(2);

    label = '女';
    await act(() => invalidateResource(dictionaryResource(TEST_DICTIONARIES, false)));
    expect(await screen.findByText('1=sex-女')).toBeTruthy(); // the system dictionary, asked again
    expect(screen.getByText('1=sex-男')).toBeTruthy(); // the business one untouched
    expect(calls.map((c) => c.url)).toEqual([
      '/api/blade-system/dict/dictionary?code=sex',
      '/api/blade-system/dict-biz/dictionary?code=sex',
      '/api/blade-system/dict/dictionary?code=sex',
    ]);
    // Not mounted any more, still not served stale: the cache was dropped with the write.
    await act(() => invalidateResource(dictionaryResource(TEST_DICTIONARIES, true)));
    await waitFor(() => expect(calls).toHaveLength(4));
    label = '未知';
    await act(() => invalidateResource(dictionaryResource(TEST_DICTIONARIES, false)));
    expect((await loadDictionary({ code: 'sex' }, TEST_DICTIONARIES)).map((e) => e.dictValue)).toEqual(['sex-未知']);
  });

  it('does not remember a failure', async () => {
    let fail = true;
    const calls = mockFetch(() => (fail ? { status: 500, body: { code: 500, success: false, data: null, msg: '服务器异常' } } : { body: { code: 200, success: true, data: entries('x'), msg: '' } }));
    await expect(loadDictionary({ code: 'x' }, TEST_DICTIONARIES)).rejects.toThrow('服务器异常');
    fail = false;
    expect((await loadDictionary({ code: 'x' }, TEST_DICTIONARIES)).map((e) => e.dictValue)).toEqual(['x-一', 'x-二']);
    expect(calls).toHaveLength(2);
  });
});

describe('without a plugin that keeps dictionaries', () => {
  it('asks for nothing and shows no choices', async () => {
    setTestSite();
    const calls = mockFetch(() => ({ body: { code: 200, success: true, data: [], msg: '' } }));
    renderBare(<Labels code="sex" />);
    expect(await screen.findByText('', { selector: 'p' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    rs.unstubAllGlobals();
  });
});
