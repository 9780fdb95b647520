// Localised paths and the after-sign-in `next` value.

import { localized, safeNext } from './paths';

describe('paths', () => {
  it('prefix the language, the home page being the bare prefix', () => {
    expect(localized('ar', '/account/signup')).toBe('/ar/account/signup');
    expect(localized('fr', '/')).toBe('/fr');
  });

  it('follow only a path of this site after sign-in', () => {
    expect(safeNext('/fr/home?tab=rentals')).toBe('/fr/home?tab=rentals');
    expect(safeNext('//evil.example/fr')).toBeUndefined();
    expect(safeNext('/\\evil.example')).toBeUndefined();
    expect(safeNext('https://evil.example')).toBeUndefined();
    expect(safeNext(null)).toBeUndefined();
  });
});
