// The desk's rules alone: waiting time since the server's answer, the 60-minute promise, the
// duration parts, the queue's order, the reports grouped per ad, and the keys the shortcuts take.

import { detailAd } from '../../../test/adFixtures';
import { durationOf, groupReports, isLate, oldestFirst, PROMISE_SECONDS, shortcutFor, waitingSeconds } from './desk';
import type { AbuseReport, QueueItem } from './moderationApi';

it('counts the waiting time from the age the server answered plus the time since', () => {
  expect(waitingSeconds(600, 1_000_000, 1_000_000 + 90_500)).toBe(690);
  // A clock behind the answer's time never makes the wait shorter than the server's age.
  expect(waitingSeconds(600, 1_000_000, 999_000)).toBe(600);
});

it('is late only past the promise the server states (60 minutes)', () => {
  expect(PROMISE_SECONDS).toBe(3600);
  expect(isLate(3600)).toBe(false);
  expect(isLate(3601)).toBe(true);
});

it('splits a duration into days, hours and minutes', () => {
  expect(durationOf(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
  expect(durationOf(3_660)).toEqual({ days: 0, hours: 1, minutes: 1 });
  expect(durationOf(90_000)).toEqual({ days: 1, hours: 1, minutes: 0 });
});

it('puts the queue oldest first', () => {
  const entry = (listId: number, ageSeconds: number): QueueItem => ({
    kind: 'new', submittedAt: '', ageSeconds, overdue: false, flags: [], ad: detailAd({ listId }), seller: null, pendingEdit: null,
  });
  expect(oldestFirst([entry(1, 10), entry(2, 500), entry(3, 60)]).map((i) => i.ad.listId)).toEqual([2, 3, 1]);
});

it('groups reports per ad: count, reasons by frequency, non-empty words, most reported first then oldest', () => {
  const report = (listId: number, type: string, body: string, createdAt: string): AbuseReport => ({ listId, type, body, createdAt, ad: null, seller: null });
  const grouped = groupReports([
    report(2, 'sold', ' ', '2026-11-02T00:00:00Z'),
    report(1, 'fraud', 'arnaque', '2026-11-03T00:00:00Z'),
    report(3, 'fraud', '', '2026-11-01T00:00:00Z'),
    report(1, 'sold', '', '2026-11-04T00:00:00Z'),
    report(1, 'sold', 'déjà vendue', '2026-11-05T00:00:00Z'),
    report(1, 'fraud', 'arnaque', '2026-11-06T00:00:00Z'),
  ]);
  expect(grouped.map((g) => [g.listId, g.count])).toEqual([[1, 4], [3, 1], [2, 1]]);
  expect(grouped[0]?.reasons).toEqual([{ type: 'fraud', count: 2 }, { type: 'sold', count: 2 }]);
  // The same words twice are shown once, counted.
  expect(grouped[0]?.messages.map((m) => [m.body, m.count])).toEqual([['arnaque', 2], ['déjà vendue', 1]]);
  expect(grouped[2]?.messages).toEqual([]);
});

describe('shortcuts', () => {
  const press = (key: string, target: EventTarget | null, extra: Partial<KeyboardEvent> = {}) =>
    shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra }, false);

  it('answer the legend letters on the page', () => {
    expect([press('j', document.body), press('k', document.body), press('a', document.body), press('r', document.body)]).toEqual(['next', 'previous', 'approve', 'refuse']);
    expect(press('x', document.body)).toBeUndefined();
  });

  it('never take a key typed into a field, with a modifier, or while a dialog is open', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect([press('a', input), press('a', textarea), press('a', editable)]).toEqual([undefined, undefined, undefined]);
    expect(press('a', radio)).toBe('approve');
    expect(press('a', document.body, { ctrlKey: true })).toBeUndefined();
    expect(press('r', document.body, { metaKey: true })).toBeUndefined();
    expect(shortcutFor({ key: 'a', ctrlKey: false, metaKey: false, altKey: false, target: document.body }, true)).toBeUndefined();
  });
});
