import { useEffect, useRef, useState } from 'react';
import { Button, Result, Space, Spin, Tooltip } from '@arco-design/web-react';
import { IconExpand, IconZoomIn, IconZoomOut } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../core/sdk/browser';
import type { DrawnDiagram } from './bpmn-viewer';
import './diagram.css';

export interface DiagramViewProps {
  /** The process's BPMN 2.0 XML (with its diagram coordinates). */
  xml: string;
  /** Activity ids already passed (gateways included): shown green. */
  done?: readonly string[];
  /** Activity ids waiting now: shown orange. */
  current?: readonly string[];
  /** Sequence flows taken: shown green. Left out, the flows between two elements reached are. */
  flows?: readonly string[];
  /** Pixels (default 420). */
  height?: number;
}

type Drawing = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A process diagram to look at: bpmn-js's viewer (loaded with this component, never before), fitted to the
 * box, with zoom buttons, dragging to pan and the wheel to zoom. Done and current steps are marked, and
 * the colours follow the theme. An XML that does not import says why instead.
 */
export default function DiagramView({ xml, done = [], current = [], flows = [], height = 420 }: DiagramViewProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [diagram, setDiagram] = useState<DrawnDiagram | null>(null);
  const [drawing, setDrawing] = useState<Drawing>({ state: 'loading' });

  useEffect(() => {
    const container = canvasRef.current;
    if (!container) return;
    let alive = true;
    let drawn: DrawnDiagram | null = null;
    setDrawing({ state: 'loading' });
    setDiagram(null);
    import('./bpmn-viewer')
      .then(({ drawDiagram }) => drawDiagram(container, xml))
      .then(
        (result) => {
          if (!alive) return result.destroy();
          drawn = result;
          setDiagram(result);
          setDrawing({ state: 'ready' });
        },
        (error: unknown) => alive && setDrawing({ state: 'failed', reason: reasonOf(error) }),
      );
    return () => {
      alive = false;
      drawn?.destroy();
    };
  }, [xml]);

  // The marks change without a redraw (a list's next answer often carries the same diagram).
  const doneKey = done.join(',');
  const currentKey = current.join(',');
  const flowsKey = flows.join(',');
  useEffect(() => {
    const ids = (key: string) => (key ? key.split(',') : []);
    diagram?.mark({ done: ids(doneKey), current: ids(currentKey), taken: ids(flowsKey) });
  }, [diagram, doneKey, currentKey, flowsKey]);

  const marked = done.length > 0 || current.length > 0;
  return (
    <div className="flow-diagram" style={{ height }} data-testid="flow-diagram" data-state={drawing.state}>
      <div className="flow-diagram-canvas" ref={canvasRef} role="img" aria-label={t('flow.diagram.canvas')} />
      {drawing.state === 'ready' ? (
        <Space className="flow-diagram-tools" size={4}>
          <Tooltip content={t('flow.diagram.zoomIn')}>
            <Button size="mini" icon={<IconZoomIn />} aria-label={t('flow.diagram.zoomIn')} onClick={() => diagram?.zoom(1)} />
          </Tooltip>
          <Tooltip content={t('flow.diagram.zoomOut')}>
            <Button size="mini" icon={<IconZoomOut />} aria-label={t('flow.diagram.zoomOut')} onClick={() => diagram?.zoom(-1)} />
          </Tooltip>
          <Tooltip content={t('flow.diagram.fit')}>
            <Button size="mini" icon={<IconExpand />} aria-label={t('flow.diagram.fit')} onClick={() => diagram?.fit()} />
          </Tooltip>
        </Space>
      ) : null}
      {drawing.state === 'ready' && marked ? (
        <div className="flow-diagram-legend">
          <span>
            <i className="is-done" />
            {t('flow.diagram.legendDone')}
          </span>
          <span>
            <i className="is-current" />
            {t('flow.diagram.legendCurrent')}
          </span>
        </div>
      ) : null}
      {drawing.state === 'loading' ? (
        <div className="flow-diagram-state">
          <Spin tip={t('flow.diagram.loading')} />
        </div>
      ) : null}
      {drawing.state === 'failed' ? (
        <div className="flow-diagram-state" role="alert">
          <Result status="warning" subTitle={t('flow.diagram.importFailed', { reason: drawing.reason })} />
        </div>
      ) : null}
    </div>
  );
}
