// A live `stats:update` applied to the metrics on screen (docs/stats.md): `count` more of a
// metric at `at`, added to the point whose slot (hour, day or month, in UTC like the server's
// points) holds `at`, and to the total — unless `at` falls outside the range shown (a custom
// range that ends before today), in which case nothing moves. The total of activeAds is the ads
// active now, not a sum: only its point moves.

import type { StatsMetric } from '../../api/stats';
import type { StatsUpdate } from '../../realtime/socket';

/** The slot of `at` (seconds) in the shape of the range's points (`x`). */
export function slotOf(at: number, sampleX: string): string {
  const iso = new Date(at * 1000).toISOString();
  if (sampleX.includes('T')) return `${iso.slice(0, 13)}:00`;
  return iso.slice(0, sampleX.length);
}

/** Mutates `metrics` (an immer draft or a copy); answers whether anything moved. */
export function applyStatsUpdate(metrics: StatsMetric[], update: StatsUpdate): boolean {
  const metric = metrics.find((m) => m.name === update.metric);
  const sample = metric?.data[0]?.x;
  if (!metric || sample === undefined || update.count <= 0) return false;
  const slot = slotOf(update.at, sample);
  const point = metric.data.find((p) => p.x === slot);
  if (!point) return false;
  point.y += update.count;
  if (metric.name !== 'activeAds') metric.total += update.count;
  return true;
}
