// The statistics tab's ranges (spec §2, docs/stats.md): the fixed ones, the custom one with the
// server's limits (from 2021-01-01 to today, at most 366 days, both ends as YYYY-MM-DD), how many
// days each covers (for the axis labels), and the range in the page's query string.

import { FIXED_RANGES, type FixedRange, type StatsArgs } from '../../api/stats';
import { rangeDays } from './format';
import { LIMITS } from '../../app/rules';

/** Spec §9: all time starts on a fixed day of 2021. */
export const ALL_TIME_START = '2021-01-01';
/** The longest custom range the server answers. */
export const MAX_CUSTOM_DAYS = LIMITS.statsCustomDaysMax;

export type RangeChoice = { kind: 'fixed'; range: FixedRange } | { kind: 'custom'; from: string; to: string };

/** Today in UTC, as the server's days are. */
export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

const FIXED_DAYS: Record<Exclude<FixedRange, 'ALL_TIME'>, number> = {
  TODAY: 1,
  LAST_7_DAYS: 7,
  LAST_14_DAYS: 14,
  LAST_15_DAYS: 15,
  LAST_30_DAYS: 30,
};

export function daysOf(choice: RangeChoice, today: string): number {
  if (choice.kind === 'custom') return rangeDays(choice.from, choice.to);
  return choice.range === 'ALL_TIME' ? rangeDays(ALL_TIME_START, today) : FIXED_DAYS[choice.range];
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The message key of what is wrong with a custom range, or undefined when the server will take it. */
export function customRangeProblem(from: string, to: string, today: string): 'stats.error.invalidDate' | 'stats.error.invalidRange' | 'stats.custom.tooLong' | undefined {
  if (!isDay(from) || !isDay(to)) return 'stats.error.invalidDate';
  if (from > to || from < ALL_TIME_START || to > today) return 'stats.error.invalidRange';
  if (rangeDays(from, to) > MAX_CUSTOM_DAYS) return 'stats.custom.tooLong';
  return undefined;
}

/** `?range=LAST_7_DAYS`, or `?range=CUSTOM&from=…&to=…`; the default is the last 7 days. */
export function readRange(search: URLSearchParams): RangeChoice {
  const range = search.get('range') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (range === 'CUSTOM' && from && to) return { kind: 'custom', from, to };
  return { kind: 'fixed', range: (FIXED_RANGES as readonly string[]).includes(range) ? (range as FixedRange) : 'LAST_7_DAYS' };
}

export function rangeParams(choice: RangeChoice): Record<string, string> {
  return choice.kind === 'fixed' ? { range: choice.range } : { range: 'CUSTOM', from: choice.from, to: choice.to };
}

export function statsArgs(choice: RangeChoice, storeId: number): StatsArgs {
  return choice.kind === 'fixed' ? { kind: 'fixed', storeId, range: choice.range } : { kind: 'custom', storeId, from: choice.from, to: choice.to };
}
