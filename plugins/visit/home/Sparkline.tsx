/** Values as a small line with the area under it, drawn in plain SVG (G2 is far too heavy for a home card). */
export function Sparkline({ values, label, width = 600, height = 80 }: { values: readonly number[]; label: string; width?: number; height?: number }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  // 2 px of room so the line's stroke is not cut at the top and bottom.
  const y = (value: number) => height - 2 - (value / max) * (height - 4);
  const points = values.map((value, i) => `${(i * step).toFixed(1)},${y(value).toFixed(1)}`);
  const line = points.join(' ');
  const area = values.length ? `0,${height} ${line} ${((values.length - 1) * step).toFixed(1)},${height}` : '';
  return (
    <svg className="visit-sparkline" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <polygon className="visit-sparkline-area" points={area} />
      <polyline className="visit-sparkline-line" points={line} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
