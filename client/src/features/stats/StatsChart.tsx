// One metric's chart (spec §2 "chart of metrics"): an inline SVG bar chart, no chart library.
// Dates on the axis are 'MMM yy' beyond 185 days, else 'dd MMM' (hours for a single day), in
// the interface language. Time runs left to right in both languages (the SVG keeps ltr), like
// the server's points. The figure is named by the metric; its total is plain text beside it.

import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { StatsMetric } from '../../api/stats';
import { pointLabel } from './format';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { start: 40, end: 8, top: 10, bottom: 24 };
const AXIS_LABELS = 6;

export function axisLabel(x: string, days: number, locale: string): string {
  return x.includes('T') ? x.slice(11, 16) : pointLabel(x, days, locale);
}

export function StatsChart({ metric, label, days }: { metric: StatsMetric; label: string; days: number }) {
  const intl = useIntl();
  const titleId = useId();
  const points = metric.data;
  const max = Math.max(1, ...points.map((p) => p.y));
  const plotWidth = WIDTH - PAD.start - PAD.end;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length > 0 ? plotWidth / points.length : plotWidth;
  const shown = new Set<number>();
  const n = points.length;
  for (let k = 0; k < Math.min(AXIS_LABELS, n); k += 1) shown.add(Math.round((k * (n - 1)) / Math.max(1, Math.min(AXIS_LABELS, n) - 1)));
  const first = points[0];
  const last = points.at(-1);
  const summary = intl.formatMessage(
    { id: 'stats.chart.summary' },
    {
      metric: label,
      total: metric.total,
      from: first ? axisLabel(first.x, days, intl.locale) : '',
      to: last ? axisLabel(last.x, days, intl.locale) : '',
    },
  );
  return (
    <figure className="stats-chart" aria-labelledby={titleId}>
      <figcaption className="stats-chart__caption">
        <span id={titleId}>{label}</span>
        <strong className="stats-chart__total">{intl.formatMessage({ id: 'stats.total' }, { total: metric.total })}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} role="img" aria-label={summary} direction="ltr" className="stats-chart__svg">
        <line x1={PAD.start} y1={HEIGHT - PAD.bottom} x2={WIDTH - PAD.end} y2={HEIGHT - PAD.bottom} className="stats-chart__axis" />
        <text x={PAD.start - 4} y={PAD.top + 8} textAnchor="end" className="stats-chart__tick">
          {intl.formatNumber(max)}
        </text>
        <text x={PAD.start - 4} y={HEIGHT - PAD.bottom} textAnchor="end" className="stats-chart__tick">
          0
        </text>
        {points.map((point, i) => {
          const height = (point.y / max) * plotHeight;
          const x = PAD.start + i * step;
          return (
            <g key={point.x}>
              <rect
                x={x + step * 0.1}
                y={HEIGHT - PAD.bottom - height}
                width={Math.max(1, step * 0.8)}
                height={height}
                className="stats-chart__bar"
              >
                <title>{intl.formatMessage({ id: 'stats.chart.point' }, { date: axisLabel(point.x, days, intl.locale), value: intl.formatNumber(point.y) })}</title>
              </rect>
              {shown.has(i) ? (
                <text x={x + step / 2} y={HEIGHT - 6} textAnchor="middle" className="stats-chart__tick">
                  {axisLabel(point.x, days, intl.locale)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
