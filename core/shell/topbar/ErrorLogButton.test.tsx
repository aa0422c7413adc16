import { beforeAll, describe, expect, it } from '@rstest/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setTestSite } from '../../testing/site';
import { errorLog } from '../../errorlog/errorlog';
import { ErrorLogButton, logBadgeText } from './ErrorLogButton';

beforeAll(() => void setTestSite());

const fill = (n: number) =>
  act(() => {
    errorLog.clear();
    for (let i = 0; i < n; i++) errorLog.add({ message: `boom ${i}`, stack: `Error: boom ${i}\n  at here` });
  });

describe('error-log badge', () => {
  it('spells out up to 99 and caps at 99+', () => {
    expect(logBadgeText(0)).toBe('0');
    expect(logBadgeText(99)).toBe('99');
    expect(logBadgeText(100)).toBe('99+');
    expect(logBadgeText(150)).toBe('99+');
  });

  it('shows the count on the bug icon, capped at 99+', () => {
    fill(150);
    const { container } = render(<ErrorLogButton />);
    expect(container.querySelector('.arco-badge-number')?.textContent).toBe('99+');
    expect(screen.getByRole('button').getAttribute('aria-label')).toContain('99+');
    fill(7);
    expect(container.querySelector('.arco-badge-number')?.textContent).toBe('7');
  });

  it('opens the log table, with an empty state when there is nothing', async () => {
    fill(2);
    render(<ErrorLogButton />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('boom 0')).toBeTruthy();
    expect(screen.getByText('上传服务器')).toBeTruthy();
    expect(screen.getByText('清空本地日志')).toBeTruthy();
    fill(0);
    expect(await screen.findByText('暂无错误日志')).toBeTruthy();
  });
});
