// Language selection and path rewriting rules.

import { localizedPath, pathLanguage, resolveLanguage, stripLanguagePrefix, textDirection } from './language';

describe('language selection', () => {
  it('takes the path prefix first, then the cookie, then French', () => {
    expect(resolveLanguage('/ar/home', 'fr')).toBe('ar');
    expect(resolveLanguage('/fr', 'ar')).toBe('fr');
    expect(resolveLanguage('/home', 'ar')).toBe('ar');
    expect(resolveLanguage('/home', 'en')).toBe('fr');
    expect(resolveLanguage('/', undefined)).toBe('fr');
  });

  it('only treats a whole first segment as a prefix', () => {
    expect(pathLanguage('/arabe')).toBeUndefined();
    expect(pathLanguage('/fr/home')).toBe('fr');
    expect(stripLanguagePrefix('/ar')).toBe('/');
    expect(stripLanguagePrefix('/ar/')).toBe('/');
    expect(stripLanguagePrefix('/home')).toBe('/home');
  });

  it('rewrites a path for the other language', () => {
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/home', 'ar')).toBe('/ar/home');
    expect(localizedPath('/ar/home', 'fr')).toBe('/fr/home');
    expect(localizedPath('/fr', 'ar')).toBe('/ar');
  });

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('fr')).toBe('ltr');
  });
});
