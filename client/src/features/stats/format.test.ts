import { METRIC_ORDER, pointLabel, rangeDays } from './format';

describe('statistics format', () => {
  it('orders the charts as the spec lists them', () => {
    expect(METRIC_ORDER).toEqual(['phoneView', 'conversation', 'view', 'bump', 'publish', 'delete']);
  });

  it('counts the days of a range, both ends included', () => {
    expect(rangeDays('2026-11-22', '2026-11-22')).toBe(1);
    expect(rangeDays('2026-01-01', '2026-12-31')).toBe(365);
  });

  it("labels by day up to 185 days and by month beyond", () => {
    const byDay = pointLabel('2026-11-02', 30, 'en');
    expect(byDay).toMatch(/02/);
    expect(byDay).toMatch(/Nov/);
    const byMonth = pointLabel('2026-11', 200, 'en');
    expect(byMonth).toMatch(/Nov/);
    expect(byMonth).toMatch(/26/);
    expect(byMonth).not.toMatch(/02/);
  });

  it('switches to months between 185 and 186 days, in both interface languages', () => {
    expect(pointLabel('2026-05-10', 185, 'fr-MA')).toBe('10 mai');
    expect(pointLabel('2026-05-10', 186, 'fr-MA')).toBe('mai 26');
    expect(pointLabel('2026-05-10', 185, 'ar-MA')).toBe('10 ماي');
    expect(pointLabel('2026-05-10', 186, 'ar-MA')).toBe('ماي 26');
  });
});
