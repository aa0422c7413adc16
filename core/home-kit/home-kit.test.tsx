import { afterEach, describe, expect, it } from '@rstest/core';
import { act, render, screen } from '@testing-library/react';
import { i18n } from '../i18n';
import { changeOf, formatPercent } from './change';
import { ChangeBadge } from './ChangeBadge';
import { FigureTile, formatFigure } from './FigureTile';

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

describe('the home kit', () => {
  it('compares a figure with the one before: up and down by a share of it, the same, up from nothing', () => {
    expect(changeOf(15, 12)).toEqual({ kind: 'up', ratio: 0.25 });
    expect(changeOf(0, 3)).toEqual({ kind: 'down', ratio: 1 });
    expect(changeOf(4, 4)).toEqual({ kind: 'same' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(changeOf(7, 0)).toEqual({ kind: 'fromZero' });
    expect(formatPercent(0.383, 'zh')).toBe('38.3%');
    expect(formatPercent(3, 'en')).toBe('300%');
  });

  it('shows money figures in yuan from fen, and counts as they are', () => {
    expect(formatFigure(1_234_560, 'money')).toBe('¥12,345.60');
    expect(formatFigure(0, 'money')).toBe('¥0.00');
    expect(formatFigure(42)).toBe('42');
  });

  it('says the change with its arrow and in words, in both languages', async () => {
    const { rerender } = render(<ChangeBadge today={6} yesterday={4} />);
    const badge = () => screen.getByTestId('home-change');
    expect(badge().textContent).toBe('▲50%较昨日');
    expect(badge().getAttribute('aria-label')).toBe('较昨日 上升 50%');
    expect(badge().className).toContain('ba-change-up');
    rerender(<ChangeBadge today={3} yesterday={0} />);
    expect(badge().textContent).toBe('▲昨日为 0');
    expect(badge().getAttribute('aria-label')).toBe('昨日为 0');
    await act(() => i18n.changeLanguage('en'));
    rerender(<ChangeBadge today={1} yesterday={4} />);
    expect(badge().textContent).toBe('▼75%vs yesterday');
    expect(badge().getAttribute('aria-label')).toBe('vs yesterday down 75%');
    rerender(<ChangeBadge today={2} yesterday={2} />);
    expect(badge().getAttribute('aria-label')).toBe('vs yesterday no change');
    expect(badge().className).toContain('ba-change-same');
  });

  it('draws a tile with yesterday below only when given, and a waiting figure in the warning colour only above zero', () => {
    render(
      <>
        <FigureTile testId="takings" title="成交金额" value={990} yesterday={1_980} kind="money" />
        <FigureTile testId="pending" title="待审核" value={3} attention />
        <FigureTile testId="none-pending" title="待审核" value={0} attention />
      </>,
    );
    const takings = screen.getByTestId('takings');
    expect(takings.querySelector('.ba-figure-value')!.textContent).toBe('¥9.90');
    expect(takings.querySelector('.ba-figure-yesterday')!.textContent).toBe('昨日 ¥19.80');
    expect(takings.querySelector('[data-testid="home-change"]')!.textContent).toBe('▼50%较昨日');
    expect(screen.getByTestId('pending').textContent).toBe('待审核3');
    expect(screen.getByTestId('pending').querySelector('.ba-figure-attention')).toBeTruthy();
    expect(screen.getByTestId('none-pending').querySelector('.ba-figure-attention')).toBeNull();
    expect(screen.getByTestId('pending').querySelector('.ba-figure-below')).toBeNull();
  });
});
