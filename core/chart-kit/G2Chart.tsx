import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@arco-design/web-react';
import type { Chart, G2Spec } from '@antv/g2';
import './chart-kit.css';

export interface G2ChartProps {
  /** The chart, as G2's specification (data included); a new object redraws it. */
  spec: G2Spec;
  dark: boolean;
  /** What the chart shows, in words: screen readers read this instead of the canvas. */
  label: string;
  /** A mark was clicked: its datum. */
  onElementClick?: (datum: Record<string, unknown>) => void;
  /** G2 could not be loaded or could not draw: the screen shows the figures another way. */
  onFailed: () => void;
  /** Height of the drawing, px (default 320); the width follows the box. */
  height?: number;
  className?: string;
}

/**
 * One G2 chart. G2 (over 1 MB with its renderer) is imported when the first chart mounts, so no other
 * screen downloads it. The chart is made once per mount, redrawn in place when its specification or the
 * theme changes, refitted whenever its box changes size (G2 itself only follows the window), and
 * destroyed on unmount.
 */
export function G2Chart({ spec, dark, label, onElementClick, onFailed, height = 320, className }: G2ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  // What the canvas last finished drawing (G2's render resolves once its animations are over). Until that is
  // this very spec and theme a redraw is under way, its marks still moving: `data-state` says so, for
  // whatever must not meet the chart half drawn (a click on a bar, a screenshot).
  const [drawn, setDrawn] = useState<{ spec: G2Spec; dark: boolean } | null>(null);
  const clickRef = useRef(onElementClick);
  clickRef.current = onElementClick;
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;

  useEffect(() => {
    let disposed = false;
    let made: Chart | null = null;
    let observer: ResizeObserver | null = null;
    import('@antv/g2')
      .then(({ Chart: G2 }) => {
        if (disposed || !ref.current) return;
        made = new G2({ container: ref.current, autoFit: true });
        made.on('element:click', (event: { data?: { data?: Record<string, unknown> } }) => {
          const datum = event.data?.data;
          if (datum) clickRef.current?.(datum);
        });
        if (typeof ResizeObserver !== 'undefined') {
          const fitted = made;
          observer = new ResizeObserver(() => void fitted.forceFit());
          observer.observe(ref.current);
        }
        setChart(made);
      })
      .catch(() => !disposed && failedRef.current());
    return () => {
      disposed = true;
      observer?.disconnect();
      made?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    let current = true;
    chart.options({ ...spec, theme: { type: dark ? 'classicDark' : 'classic', view: { viewFill: 'transparent' } } } as G2Spec);
    chart
      .render()
      .then(() => current && setDrawn({ spec, dark }))
      .catch(() => current && failedRef.current());
    return () => {
      current = false;
    };
  }, [chart, spec, dark]);

  return (
    <div className={`chart-kit-box ${className ?? ''}`}>
      {!drawn && <Skeleton className="chart-kit-skeleton" animation text={{ rows: 4 }} />}
      <div
        ref={ref}
        className="chart-kit-canvas"
        style={{ height }}
        role="img"
        aria-label={label}
        data-state={drawn?.spec === spec && drawn.dark === dark ? 'drawn' : 'drawing'}
      />
    </div>
  );
}
