// Days of the availability calendar as whole numbers (days since 1970-01-01, UTC — the server's
// unit), the months shown, and the conversion between a set of booked days and the server's
// periods (docs/decisions.md "Availability calendar").

import type { BookedPeriod } from '../../api/ads';
import { LIMITS } from '../../app/rules';

const DAY_MS = 86_400_000;
/** How far ahead nights can be booked (the server's limit). */
export const MAX_DAYS_AHEAD = LIMITS.availabilityDaysAhead;

/** Days since 1970 of `YYYY-MM-DD`, or undefined. */
export function dayOf(label: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? undefined : Math.round(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a day. */
export function labelOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today, by the person's own calendar. */
export function today(now: Date = new Date()): number {
  return Math.round(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY_MS);
}

/** The booked days of some periods. */
export function daysOf(periods: BookedPeriod[]): Set<number> {
  const days = new Set<number>();
  for (const p of periods) {
    const first = dayOf(p.from);
    const last = dayOf(p.to);
    if (first === undefined || last === undefined) continue;
    for (let d = first; d <= last; d += 1) days.add(d);
  }
  return days;
}

/** Booked days as periods of consecutive nights, in order. */
export function periodsOf(days: Set<number>): BookedPeriod[] {
  const sorted = [...days].sort((a, b) => a - b);
  const periods: BookedPeriod[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const d of sorted) {
    if (start === undefined || previous === undefined || d !== previous + 1) {
      if (start !== undefined && previous !== undefined) periods.push({ from: labelOf(start), to: labelOf(previous) });
      start = d;
    }
    previous = d;
  }
  if (start !== undefined && previous !== undefined) periods.push({ from: labelOf(start), to: labelOf(previous) });
  return periods;
}

/** A month as year and month index (0-11). */
export interface Month {
  year: number;
  month: number;
}

export function monthOf(day: number): Month {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

export function addMonths(m: Month, by: number): Month {
  const index = m.year * 12 + m.month + by;
  return { year: Math.floor(index / 12), month: index % 12 };
}

export function monthIndex(m: Month): number {
  return m.year * 12 + m.month;
}

/** The month's weeks, Monday first; `undefined` pads the first and last week. */
export function weeksOf(m: Month): (number | undefined)[][] {
  const first = Math.round(Date.UTC(m.year, m.month, 1) / DAY_MS);
  const length = new Date(Date.UTC(m.year, m.month + 1, 0)).getUTCDate();
  // 1970-01-01 was a Thursday: Monday-based weekday of a day.
  const weekday = (first + 3) % 7;
  const cells: (number | undefined)[] = [...Array<undefined>(weekday), ...Array.from({ length }, (_, i) => first + i)];
  while (cells.length % 7 !== 0) cells.push(undefined);
  const weeks: (number | undefined)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
