// The interface language: which languages exist, how a URL and the `lang` cookie select one,
// and how a path is rewritten for the other language. Pure functions, no React.

import { readCookie, writeCookie } from '../lib/cookies';

export const LANGUAGES = ['fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** French is the default (spec §1). */
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'ar';
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The locale given to Intl: Moroccan conventions (Latin digits in Arabic, DH currency). */
export function intlLocale(language: Language): string {
  return `${language}-MA`;
}

export function otherLanguage(language: Language): Language {
  return language === 'fr' ? 'ar' : 'fr';
}

/** The language named by the path's first segment (`/ar/home` → ar), if any. */
export function pathLanguage(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}

/** The path without its language prefix, always starting with `/` (`/ar` → `/`). */
export function stripLanguagePrefix(pathname: string): string {
  const language = pathLanguage(pathname);
  if (!language) return pathname.startsWith('/') ? pathname : `/${pathname}`;
  const rest = pathname.slice(language.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The same page in `language`: `/home` → `/ar/home`, `/fr` → `/ar`, `/ar/home` → `/fr/home`. */
export function localizedPath(pathname: string, language: Language): string {
  const rest = stripLanguagePrefix(pathname);
  return rest === '/' ? `/${language}` : `/${language}${rest}`;
}

/** The prefix of the path wins, then the `lang` cookie, then French. */
export function resolveLanguage(pathname: string, cookieValue: string | undefined): Language {
  return pathLanguage(pathname) ?? (isLanguage(cookieValue) ? cookieValue : DEFAULT_LANGUAGE);
}

export function languageFromCookie(): string | undefined {
  return readCookie(LANGUAGE_COOKIE);
}

/** Remembers an explicit choice for a year, for every path of the site. */
export function rememberLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language, { maxAge: LANGUAGE_COOKIE_MAX_AGE, path: '/' });
}
