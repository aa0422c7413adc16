import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render as renderBare, screen, waitFor } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { i18n } from '../i18n';
import { defineEntity } from '../schema/entity';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite } from '../testing/site';
import { invalidateResource } from './data';
import { dictionaryResource, loadDictionary, useDictionary } from './dictionary';
import { DictionarySourceContext } from './dictionary-source';
import { EntityForm } from './EntityForm';
import type { Row } from './query';
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

  it('a language switch shows the entries in the other language: a select of a dict field and a later screen', async () => {
    // The server answers in the language of the request.
    const values: Record<string, [string, string]> = { '1': ['男', 'Male'], '2': ['女', 'Female'] };
    const calls = mockFetch((call) => {
      const english = call.headers.get('Accept-Language') === 'en';
      return { body: { code: 200, success: true, data: Object.entries(values).map(([dictKey, [zh, en]]) => ({ dictKey, dictValue: english ? en : zh })), msg: '' } };
    });
    const person = defineEntity({
      name: 'person',
      table: 'demo_person',
      label: { zh: '人员', en: 'Person' },
      permission: 'person',
      tenant: false,
      audit: false,
      logicalDelete: false,
      api: { base: '/api/demo/person', list: 'list', save: 'submit', removeIds: 'query' },
      fields: { sex: { type: 'select', label: { zh: '性别', en: 'Sex' }, dict: { code: 'sex' } } },
    });
    function PersonForm() {
      const [form] = Form.useForm<Row>();
      return <EntityForm entity={person} form={form} mode="edit" initialValues={{ sex: '2' }} />;
    }
    const chosen = () => document.querySelector('.arco-select-view-value')?.textContent;
    try {
      const { unmount } = render(<PersonForm />);
      await waitFor(() => expect(chosen()).toBe('女'));
      expect(calls).toHaveLength(1);

      await act(() => i18n.changeLanguage('en'));
      await waitFor(() => expect(chosen()).toBe('Female'));
      expect(calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en']);
      fireEvent.click(document.querySelector('.arco-select-view') as HTMLElement);
      expect(await screen.findByText('Male', { selector: '.arco-select-option, .arco-select-option *' })).toBeTruthy();
      unmount();

      // A screen opened after the switch reads the English entries kept, without asking again.
      render(<Labels code="sex" />);
      expect(await screen.findByText('1=Male,2=Female')).toBeTruthy();
      expect(calls).toHaveLength(2);

      // And back: Chinese again, asked once more.
      await act(() => i18n.changeLanguage('zh'));
      expect(await screen.findByText('1=男,2=女')).toBeTruthy();
      expect(calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en', 'zh-CN']);
    } finally {
      await act(() => i18n.changeLanguage('zh'));
    }
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
