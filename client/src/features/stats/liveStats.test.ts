import type { StatsMetric } from '../../api/stats';
import { applyStatsUpdate, slotOf } from './liveStats';

const AT = Date.UTC(2026, 10, 22, 13, 25) / 1000;

function metrics(xs: string[]): StatsMetric[] {
  return [
    { name: 'view', total: 5, data: xs.map((x, i) => ({ x, y: i === 0 ? 5 : 0 })) },
    { name: 'activeAds', total: 10, data: xs.map((x) => ({ x, y: 0 })) },
  ];
}

describe('live statistics', () => {
  it('finds the slot of an instant in hours, days and months', () => {
    expect(slotOf(AT, '2026-11-22T00:00')).toBe('2026-11-22T13:00');
    expect(slotOf(AT, '2026-11-16')).toBe('2026-11-22');
    expect(slotOf(AT, '2025-12')).toBe('2026-11');
  });

  it("adds a view to today's point and to the total", () => {
    const shown = metrics(['2026-11-21', '2026-11-22']);
    expect(applyStatsUpdate(shown, { adId: 'a', metric: 'view', count: 2, at: AT })).toBe(true);
    expect(shown[0]?.total).toBe(7);
    expect(shown[0]?.data[1]?.y).toBe(2);
  });

  it('moves only the point of activeAds, whose total is the ads active now', () => {
    const shown = metrics(['2026-11-22T12:00', '2026-11-22T13:00']);
    applyStatsUpdate(shown, { adId: 'a', metric: 'activeAds', count: 1, at: AT });
    expect(shown[1]?.total).toBe(10);
    expect(shown[1]?.data[1]?.y).toBe(1);
  });

  it('ignores an instant outside the range and unknown metrics', () => {
    const shown = metrics(['2026-11-01', '2026-11-02']);
    expect(applyStatsUpdate(shown, { adId: 'a', metric: 'view', count: 1, at: AT })).toBe(false);
    expect(applyStatsUpdate(shown, { adId: 'a', metric: 'nope', count: 1, at: AT })).toBe(false);
    expect(shown[0]?.total).toBe(5);
  });
});
