import { readMyAdsParams, tabOf } from './myAdsParams';

describe('my ads parameters', () => {
  it('defaults to the first page of active ads, all of them', () => {
    expect(readMyAdsParams(new URLSearchParams(''))).toEqual({ status: 'ACTIVE', boosted: 'all_ads', page: 1 });
  });

  it('reads a status in any case, the sub-filter and the page', () => {
    expect(readMyAdsParams(new URLSearchParams('status=deactivated&page=3&boosted=boosted_active_ads'))).toEqual({
      status: 'DEACTIVATED',
      boosted: 'boosted_active_ads',
      page: 3,
    });
  });

  it('ignores unknown values', () => {
    expect(readMyAdsParams(new URLSearchParams('status=sold&page=-2&boosted=x'))).toEqual({ status: 'ACTIVE', boosted: 'all_ads', page: 1 });
  });

  it('maps server statuses to tabs', () => {
    expect(tabOf('pending_review')).toBe('PENDING_REVIEW');
    expect(tabOf('unverified')).toBe('PENDING_REVIEW');
    expect(tabOf('active')).toBe('ACTIVE');
    expect(tabOf('other')).toBeUndefined();
  });
});
