// The moderation desk's rules, kept apart from its screens so that they are tested alone: how
// long an ad has waited now (the server's age plus the time since it answered), whether that is
// past the 60-minute promise (the limit comes from the server's rules), the queue oldest first,
// the waiting time in
// days, hours and minutes, the abuse reports grouped per ad, and which keys the desk's
// shortcuts may take (never those typed into a field).

import { LIMITS } from '../../app/rules';
import type { AbuseReport, QueueItem, QueueSeller, ReportedAdGroup } from './moderationApi';

/** Spec §4: an ad is moderated within 60 minutes (the server's MODERATION_MAX_SECONDS). */
export const PROMISE_SECONDS = LIMITS.moderationMaxSeconds;

/** How long an ad has waited at `now` (ms), from its age when the server answered at `answeredAt` (ms). */
export function waitingSeconds(ageSeconds: number, answeredAt: number, now: number): number {
  return Math.max(0, ageSeconds + Math.floor(Math.max(0, now - answeredAt) / 1000));
}

/** The queue oldest first, whatever order it came in (the server answers it so; an item the socket added is placed too). */
export function oldestFirst(items: readonly QueueItem[]): QueueItem[] {
  return [...items].sort((a, b) => b.ageSeconds - a.ageSeconds);
}

/** Past the promise: the desk marks it late. */
export function isLate(seconds: number): boolean {
  return seconds > PROMISE_SECONDS;
}

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes of `seconds` (under a minute is 0 minutes). */
export function durationOf(seconds: number): Duration {
  const minutesTotal = Math.floor(Math.max(0, seconds) / 60);
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}

/** One reported ad: its reports counted, by reason, with what the reporters wrote. */
export interface ReportedAd {
  listId: number;
  ad: AbuseReport['ad'];
  seller: QueueSeller | null;
  count: number;
  /** Each reason with how many reports gave it, the most given first. */
  reasons: { type: string; count: number }[];
  /** The reporters' words (empty ones left out, the same words once with how many wrote them), oldest first. */
  messages: { body: string; count: number; createdAt: string }[];
  firstAt: string;
  lastAt: string;
}

/**
 * The open reports, one entry per ad (the server answers one row per report): the ads with the
 * most reports first, then the longest waiting.
 */
export function groupReports(reports: readonly AbuseReport[]): ReportedAd[] {
  const byAd = new Map<number, ReportedAd>();
  const ordered = [...reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const report of ordered) {
    let entry = byAd.get(report.listId);
    if (!entry) {
      entry = { listId: report.listId, ad: report.ad, seller: report.seller, count: 0, reasons: [], messages: [], firstAt: report.createdAt, lastAt: report.createdAt };
      byAd.set(report.listId, entry);
    }
    entry.count += 1;
    entry.lastAt = report.createdAt;
    const reason = entry.reasons.find((r) => r.type === report.type);
    if (reason) reason.count += 1;
    else entry.reasons.push({ type: report.type, count: 1 });
    const body = report.body.trim();
    const same = entry.messages.find((m) => m.body === body);
    if (same) same.count += 1;
    else if (body !== '') entry.messages.push({ body, count: 1, createdAt: report.createdAt });
  }
  const grouped = [...byAd.values()];
  for (const entry of grouped) entry.reasons.sort((a, b) => b.count - a.count);
  return grouped.sort((a, b) => b.count - a.count || a.firstAt.localeCompare(b.firstAt));
}

/** What the desk's shortcuts answer to. */
export type ShortcutAction = 'next' | 'previous' | 'approve' | 'refuse';

export const SHORTCUTS: readonly { key: string; action: ShortcutAction }[] = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 'a', action: 'approve' },
  { key: 'r', action: 'refuse' },
];

/** Whether a key press lands in something a person types into (a field, an editable area). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  // A radio, a checkbox or a button takes no letters: only fields that hold text do.
  return !['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * The desk's action for a key press, or none: a letter of the legend without a modifier, not
 * typed into a field, and not while a dialog is open (its own keys are its business).
 */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>, dialogOpen: boolean): ShortcutAction | undefined {
  if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (isTypingTarget(event.target)) return undefined;
  return SHORTCUTS.find((s) => s.key === event.key.toLowerCase())?.action;
}

/** One reported ad of the server's page as the report card shows it: its reports counted by reason, with what the reporters wrote. */
export function summariseReports(group: ReportedAdGroup): ReportedAd {
  const [entry] = groupReports(group.reports.map((report) => ({ ...report, ad: group.ad, seller: group.seller })));
  return entry ?? { listId: group.listId, ad: group.ad, seller: group.seller, count: group.count, reasons: [], messages: [], firstAt: group.firstAt, lastAt: group.lastAt };
}
