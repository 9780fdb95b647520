// Statistics tab helpers (spec §2 account.stats, docs/stats.md): the order of the charts and
// the wording of a point's date. Pure, so that the screen and its tests share them.

/** One chart per metric, in this order (spec §2). */
export const METRIC_ORDER = ['phoneView', 'conversation', 'view', 'bump', 'publish', 'delete'] as const;
export type MetricName = (typeof METRIC_ORDER)[number];

/** Beyond this many days a range is labelled by month ('MMM yy'), else by day ('dd MMM'). */
export const MONTH_LABELS_AFTER_DAYS = 185;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days covered by `from`..`to` (`YYYY-MM-DD`, both included). */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The label of a point `x` (`2026-11-22T13:00`, `2026-11-22` or `2026-11`): 'MMM yy' when the
 * range is over 185 days, else 'dd MMM', in the interface language.
 */
export function pointLabel(x: string, days: number, locale: string): string {
  const [year, month = '01', day = '01'] = x.slice(0, 10).split('-');
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const options: Intl.DateTimeFormatOptions =
    days > MONTH_LABELS_AFTER_DAYS
      ? { month: 'short', year: '2-digit', timeZone: 'UTC' }
      : { day: '2-digit', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
