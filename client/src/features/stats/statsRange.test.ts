import { customRangeProblem, daysOf, readRange, rangeParams } from './statsRange';

describe('statistics ranges', () => {
  it('counts the days of each range', () => {
    expect(daysOf({ kind: 'fixed', range: 'TODAY' }, '2026-11-22')).toBe(1);
    expect(daysOf({ kind: 'fixed', range: 'LAST_15_DAYS' }, '2026-11-22')).toBe(15);
    expect(daysOf({ kind: 'fixed', range: 'ALL_TIME' }, '2026-11-22')).toBeGreaterThan(185);
    expect(daysOf({ kind: 'custom', from: '2026-11-01', to: '2026-11-22' }, '2026-11-22')).toBe(22);
  });

  it("applies the server's custom range limits", () => {
    const today = '2026-11-22';
    expect(customRangeProblem('2026-11-01', '2026-11-22', today)).toBeUndefined();
    expect(customRangeProblem('2026-11-31', '2026-12-01', today)).toBe('stats.error.invalidDate');
    expect(customRangeProblem('', '2026-11-01', today)).toBe('stats.error.invalidDate');
    expect(customRangeProblem('2026-11-22', '2026-11-01', today)).toBe('stats.error.invalidRange');
    expect(customRangeProblem('2020-12-01', '2021-01-05', today)).toBe('stats.error.invalidRange');
    expect(customRangeProblem('2026-11-20', '2026-11-30', today)).toBe('stats.error.invalidRange');
    expect(customRangeProblem('2024-01-01', '2026-11-01', today)).toBe('stats.custom.tooLong');
    expect(customRangeProblem('2025-11-22', '2026-11-22', today)).toBeUndefined();
  });

  it('reads and writes the range in the query string', () => {
    expect(readRange(new URLSearchParams(''))).toEqual({ kind: 'fixed', range: 'LAST_7_DAYS' });
    expect(readRange(new URLSearchParams('range=ALL_TIME'))).toEqual({ kind: 'fixed', range: 'ALL_TIME' });
    const custom = { kind: 'custom', from: '2026-10-01', to: '2026-10-31' } as const;
    expect(readRange(new URLSearchParams(rangeParams(custom)))).toEqual(custom);
  });
});
