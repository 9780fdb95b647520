// What each step needs, as the server checks it (domain/src/ad_form.rs): the limits come from
// the server's rules, the price is needed for goods, vehicles and property on offer only, the
// parameters an offer requires, and the photos on their way.

import type { ParamSpec } from '../../api/ads';
import { LIMITS } from '../../app/rules';
import { categories } from '../../../test/fixtures';
import { priceRequired, stepProblems } from './stepRules';

const spec = (key: string, kind: string, extra: Partial<ParamSpec> = {}): ParamSpec => ({
  key, label: key, kind, requiredForOffers: false, unit: null, min: null, max: null, maxLength: null, choices: [], source: null, ...extra,
});

const fields = (problems: { field: string; id: string }[]) => problems.map((p) => `${p.field}:${p.id}`);

describe('stepProblems', () => {
  it('needs a category, then its ad type', () => {
    expect(fields(stepProblems(1, {}))).toEqual(['category:adForm.category.choose']);
    expect(fields(stepProblems(1, { categoryId: 2010 }))).toEqual(['adType:adForm.adType.choose']);
    expect(stepProblems(1, { categoryId: 2010, adType: 'sell' })).toEqual([]);
  });

  it('checks the texts, the required parameters of an offer, number ranges and the discount, in field order', () => {
    const specs = [spec('brand', 'choice', { requiredForOffers: true, source: 'carBrands' }), spec('mileage', 'number', { min: 0, max: 2_000_000 })];
    const ad = { adType: 'sell', title: 'Vélo', description: 'Très bon état, peu servi.', params: { mileage: 3_000_000 }, discount: LIMITS.discountMax + 1 };
    expect(fields(stepProblems(2, ad, { specs }))).toEqual([
      'title:adForm.tooShort',
      'param.brand:validation.required',
      'param.mileage:adForm.maxValue',
      'discount:adForm.maxValue',
    ]);
    // "Wanted" ads describe what they look for: nothing is required of them.
    expect(fields(stepProblems(2, { ...ad, adType: 'buy', title: 'Vélo de course', params: {}, discount: LIMITS.discountMin }, { specs }))).toEqual([]);
    expect(stepProblems(2, { title: 'Vélo de course' }).find((p) => p.field === 'title')).toBeUndefined();
    expect(stepProblems(2, { title: 'x'.repeat(LIMITS.adTitleMax + 1) })[0]).toMatchObject({ id: 'adForm.tooLong', values: { max: LIMITS.adTitleMax } });
  });

  it('waits for the photos on their way, then for the failed ones to be sent again or dropped', () => {
    expect(fields(stepProblems(3, {}, { uploading: 1, failed: 1 }))).toEqual(['uploads:adForm.photos.wait']);
    expect(fields(stepProblems(3, {}, { uploading: 0, failed: 1 }))).toEqual(['uploads:adForm.photos.failedLeft']);
    expect(stepProblems(3, {}, { uploading: 0, failed: 0 })).toEqual([]);
  });

  it('needs a city, and a price within the server limit where one is required', () => {
    const cats = categories('fr');
    expect(fields(stepProblems(4, { categoryId: 2010, adType: 'sell' }, { categories: cats }))).toEqual(['city:adForm.step4.city', 'price:adForm.price.required']);
    expect(fields(stepProblems(4, { categoryId: 3010, adType: 'job_offer', cityId: 1 }, { categories: cats }))).toEqual([]);
    expect(fields(stepProblems(4, { categoryId: 2010, adType: 'sell', cityId: 1, price: LIMITS.priceMaxDh + 1 }, { categories: cats }))).toEqual(['price:adForm.maxValue']);
    expect(fields(stepProblems(4, { categoryId: 2010, adType: 'sell', cityId: 1, price: 0 }, { categories: cats }))).toEqual(['price:adForm.minValue']);
  });

  it('asks a price of goods, vehicles and property on offer only', () => {
    const cats = categories('fr');
    expect(priceRequired(cats, { categoryId: 1010, adType: 'rent' })).toBe(true);
    expect(priceRequired(cats, { categoryId: 5010, adType: 'buy' })).toBe(false);
    expect(priceRequired(cats, { categoryId: 3010, adType: 'sell' })).toBe(false);
  });
});
