import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { definePlugin } from '../../../core/sdk/shared';
import { fail, ok, page, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import coursePlugin from '../index';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The commerce top menu, as the mall declares it. */
const mallStub = definePlugin({ id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] });
const WITH = [dictPlugin, mallStub];
const card = () => screen.findByTestId('home-card-course/registrations-to-review');

describe('course home card', () => {
  it('shows the pending registrations and the courses starting soon, and leads to the pending ones', async () => {
    const app = await renderPlugin(coursePlugin, {
      with: WITH,
      route: '/wel/index',
      backend: respond({
        'GET /api/course/register/summary': () => ok({ pending: 7, startingSoon: 2 }),
        'GET /api/course/register/page': () => page([]),
        'GET /api/course/select': () => ok([]),
      }),
    });
    const body = await card();
    await waitFor(() => expect(within(body).getByTestId('course-home-pending').textContent).toBe('待审核7'));
    expect(within(body).getByTestId('course-home-soon').textContent).toBe('7天内开课的课程2');
    // What waits is drawn in the warning colour; a count of courses is not.
    expect(within(body).getByTestId('course-home-pending').querySelector('.ba-figure-attention')).toBeTruthy();
    expect(within(body).getByTestId('course-home-soon').querySelector('.ba-figure-attention')).toBeNull();
    await app.user.click(within(body).getByRole('link', { name: /去审核/ }));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/course/register?list.f.status_equal=0'));
    await waitFor(() => expect(app.callsTo('GET /api/course/register/page').at(-1)?.query).toMatchObject({ status_equal: '0' }));
  });

  it('says when nothing waits, in English', async () => {
    await renderPlugin(coursePlugin, { with: WITH, route: '/wel/index', language: 'en', backend: respond({ 'GET /api/course/register/summary': () => ok({ pending: 0, startingSoon: 0 }) }) });
    const body = await card();
    expect(await within(body).findByText('Every registration is reviewed')).toBeTruthy();
    expect(within(body).queryByRole('link')).toBeNull();
  });

  it('shows a failure with a retry inside the card', async () => {
    let failing = true;
    const app = await renderPlugin(coursePlugin, {
      with: WITH,
      route: '/wel/index',
      backend: respond({ 'GET /api/course/register/summary': () => (failing ? fail('busy', 500) : ok({ pending: 3, startingSoon: 1 })) }),
    });
    const body = await card();
    expect(await within(body).findByText('报名数据加载失败')).toBeTruthy();
    failing = false;
    await app.user.click(within(body).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(within(body).getByTestId('course-home-pending').textContent).toBe('待审核3'));
  });

  it('is not shown to a user who may not view the registrations', async () => {
    await renderPlugin(coursePlugin, { with: WITH, route: '/wel/index', user: { permissions: ['course_manage', 'course', 'course_view'] }, backend: respond({}) });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId('home-card-course/registrations-to-review')).toBeNull();
  });
});
