import { addMonths, dayOf, daysOf, labelOf, periodsOf, today, weeksOf } from './days';

describe('calendar days', () => {
  it('reads and writes YYYY-MM-DD', () => {
    expect(dayOf('1970-01-02')).toBe(1);
    expect(labelOf(dayOf('2026-11-24') ?? 0)).toBe('2026-11-24');
    expect(dayOf('24/11/2026')).toBeUndefined();
  });

  it('turns periods into days and back, joining consecutive nights', () => {
    const days = daysOf([
      { from: '2026-12-30', to: '2027-01-02' },
      { from: '2026-12-01', to: '2026-12-01' },
      { from: '2027-01-03', to: '2027-01-04' },
    ]);
    expect(days.size).toBe(1 + 4 + 2);
    expect(periodsOf(days)).toEqual([
      { from: '2026-12-01', to: '2026-12-01' },
      { from: '2026-12-30', to: '2027-01-04' },
    ]);
    expect(periodsOf(new Set())).toEqual([]);
  });

  it('lays a month out in weeks starting on Monday', () => {
    // November 2026 starts on a Sunday and has 30 days.
    const weeks = weeksOf({ year: 2026, month: 10 });
    expect(weeks[0]?.slice(0, 6)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(labelOf(weeks[0]?.[6] ?? 0)).toBe('2026-11-01');
    expect(weeks.flat().filter((d) => d !== undefined)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('moves between months across years, and knows today', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2027, month: 0 }, -1)).toEqual({ year: 2026, month: 11 });
    expect(labelOf(today(new Date(2026, 10, 24, 23, 30)))).toBe('2026-11-24');
  });
});
