import { act, render, screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { http } from '../http';
import { i18n } from '../i18n';
import { crudButtons } from '../schema/crud-buttons';
import { definePlugin } from '../plugin/types';
import { session } from '../session/session';
import { preferences } from '../shell/preferences';
import { renderPlugin, respond } from '../testing';
import { decideCan } from './can';
import { KernelProvider, useCan, useKernel, type KernelServices } from './context';

/** Shows one permission's answer: "yes" or the reason. */
function CanProbe({ code }: { code: string }) {
  const answer = useCan(code);
  return <p data-testid={`can-${code}`}>{answer.can ? 'yes' : answer.reason}</p>;
}

describe('decideCan', () => {
  const t = i18n.getFixedT('zh');
  const facts = (held: string[] | null, names: Record<string, string> = {}) => ({
    held: () => (held ? new Set(held) : null),
    declaredName: (code: string) => names[code],
    t,
  });

  it('allows a held code, with no reason', () => {
    expect(decideCan('notes_add', facts(['notes_add']))).toEqual({ can: true });
  });

  it('names a missing permission by its declared name', () => {
    expect(decideCan('notes_add', facts([], { notes_add: '新增' }))).toEqual({ can: false, reason: '缺少权限「新增」' });
    expect(decideCan('notes_add', { ...facts([], { notes_add: 'Add' }), t: i18n.getFixedT('en') }).reason).toBe('Requires the “Add” permission');
  });

  it('says when no loaded module provides the code', () => {
    expect(decideCan('shop_add', facts([])).reason).toBe('本租户未开通提供「shop_add」的模块');
  });

  it('refuses while the codes are still being read', () => {
    expect(decideCan('notes_add', facts(null))).toEqual({ can: false, reason: '正在读取你的权限，请稍候' });
  });
});

describe('KernelProvider', () => {
  it('useKernel() outside a provider fails loudly, naming the provider', () => {
    function Orphan() {
      useKernel();
      return null;
    }
    const spy = rs.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Orphan />)).toThrow(/KernelProvider/);
    } finally {
      spy.mockRestore();
    }
  });

  it('useCan() follows the answer as it changes, in a component that is not an observer', () => {
    const held = observable.set<string>();
    const services: KernelServices = {
      session,
      http,
      i18n,
      t: i18n.t.bind(i18n),
      preferences,
      can: (code) => decideCan(code, { held: () => held, declaredName: () => '新增', t: i18n.getFixedT('zh') }),
    };
    render(
      <KernelProvider services={services}>
        <CanProbe code="notes_add" />
      </KernelProvider>,
    );
    expect(screen.getByTestId('can-notes_add').textContent).toBe('缺少权限「新增」');
    act(() => runInAction(() => held.add('notes_add')));
    expect(screen.getByTestId('can-notes_add').textContent).toBe('yes');
  });
});

const ProbePage = () => (
  <section>
    <CanProbe code="probe_add" />
    <CanProbe code="probe_view" />
    <CanProbe code="shop_add" />
  </section>
);

const probePlugin = definePlugin({
  id: 'probe',
  name: { zh: '探针', en: 'Probe' },
  menus: [{ code: 'probe', parent: 'system', name: { zh: '探针', en: 'Probe' }, path: '/system/probe', icon: 'list', sort: 1, buttons: crudButtons('probe') }],
  routes: [{ path: '/system/probe', load: async () => ({ default: ProbePage }), meta: { title: { zh: '探针', en: 'Probe' } } }],
});

describe('the kernel context in the app', () => {
  it('answers from the signed-in user, naming the missing button, and says when no loaded module has the code', async () => {
    const app = await renderPlugin(probePlugin, { backend: respond(), user: { permissions: ['probe', 'probe_view'] } });
    expect((await screen.findByTestId('can-probe_view')).textContent).toBe('yes');
    expect(screen.getByTestId('can-probe_add').textContent).toBe('缺少权限「新增」');
    expect(screen.getByTestId('can-shop_add').textContent).toBe('本租户未开通提供「shop_add」的模块');
    expect(app.kernel.can('probe_view')).toEqual({ can: true });
  });

  it('gives the reason in English when the interface is', async () => {
    await renderPlugin(probePlugin, { backend: respond(), user: { permissions: ['probe'] }, language: 'en' });
    expect((await screen.findByTestId('can-probe_add')).textContent).toBe('Requires the “Add” permission');
  });
});
