// Listing URLs (spec §2, docs/search.md "URLs"): the canonical path
// `[/ar]/{place}[/{area}][/{category}[_{ad-type}]][/{keyword}]` built the way the server builds
// it (domain/src/listing_url.rs), so that a link never meets a redirect, and the query string
// that carries what the path does not: price, parameters, flags, seller, sort and the offset
// `o`. The path itself is read by the parse-URL endpoint; this module reads the query string.

import type { Language } from '../../app/language';
import type { ParsedUrl, SearchFilters, SearchSort } from '../../api/search';
import { LIMITS } from '../../app/rules';

/** The whole-country place segment. */
export const COUNTRY_SLUG: Record<Language, string> = { fr: 'maroc', ar: 'المغرب' };

/** Spec §9: the largest listing offset. */
export const OFFSET_CAP = 2147483648;

const MAX_KEYWORD_WORDS = LIMITS.keywordWordsMax;
const MAX_WORD_CHARS = LIMITS.keywordWordCharsMax;

const LATIN: Record<string, string> = {};
for (const [to, from] of [
  ['a', 'àáâãäåÀÁÂÃÄÅ'],
  ['c', 'çÇ'],
  ['e', 'èéêëÈÉÊË'],
  ['i', 'ìíîïÌÍÎÏ'],
  ['n', 'ñÑ'],
  ['o', 'òóôõöÒÓÔÕÖ'],
  ['u', 'ùúûüÙÚÛÜ'],
  ['y', 'ýÿÝ'],
  ['oe', 'œŒ'],
  ['ae', 'æÆ'],
  ["'", '’\''],
] as const) {
  for (const ch of from) LATIN[ch] = to;
}

/** The server's text folding (domain/src/text.rs): case, Latin accents, Arabic variants. */
export function fold(input: string): string {
  let out = '';
  for (const ch of input) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x064b && code <= 0x0652) || code === 0x0670 || code === 0x0640) continue;
    if ('أإآٱ'.includes(ch)) out += 'ا';
    else if (ch === 'ى') out += 'ي';
    else if (ch === 'ة') out += 'ه';
    else out += LATIN[ch] ?? ch.toLowerCase();
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A URL slug: folded, every run of anything but letters and digits turned into one hyphen. */
export function slugify(input: string): string {
  let out = '';
  let pendingDash = false;
  for (const ch of fold(input)) {
    if (WORD_CHAR.test(ch)) {
      if (pendingDash && out) out += '-';
      pendingDash = false;
      out += ch;
    } else pendingDash = true;
  }
  return out;
}

/** The keyword's words as the server writes them in URLs: as typed, lower case, at most 10 of 40 characters. */
export function keywordWords(keyword: string): string[] {
  // As the server writes the keyword (domain/src/search_text.rs display_words): lower case,
  // the words as typed — only the index and the query see the folded, normalised form.
  return keyword
    .split(/[^\p{L}\p{N}'’]+/u)
    .map((word) => word.replace(/^['’]+|['’]+$/gu, ''))
    .filter((word) => word !== '')
    .map((word) => Array.from(word.toLowerCase()).slice(0, MAX_WORD_CHARS).join(''))
    .slice(0, MAX_KEYWORD_WORDS);
}

/** The slugs a listing path is made of (each in the page language). */
export interface ListingSlugs {
  city?: string;
  area?: string;
  category?: string;
  adType?: string;
  keyword?: string;
}

function segment(slug: string): string {
  return encodeURIComponent(slug);
}

/** The canonical listing path (no query string), the server's `listing_path`. */
export function listingPath(language: Language, slugs: ListingSlugs): string {
  const country = COUNTRY_SLUG[language];
  let out = language === 'ar' ? '/ar/' : '/';
  out += segment(slugs.city ?? country);
  if (slugs.city && slugs.area) out += `/${segment(slugs.area)}`;
  if (slugs.category) {
    out += `/${segment(slugs.category)}`;
    if (slugs.adType) out += `_${segment(slugs.adType)}`;
  } else if (slugs.adType) {
    if (slugs.city && slugs.area) out += `/${segment(country)}`;
    out += `_${segment(slugs.adType)}`;
  }
  const words = keywordWords(slugs.keyword ?? '');
  if (words.length > 0) out += `/${segment(words.join('-'))}`;
  return out;
}

/** The path of a language-prefixed page in the server's canonical form: French has no prefix. */
export function canonicalPrefix(language: Language): string {
  return language === 'ar' ? '/ar' : '';
}

/** Whether a path (without language prefix) is the bare country listing (`/maroc`, `/المغرب`). */
export function isCountryPath(path: string): boolean {
  const segments = path.split('/').filter(Boolean).map((s) => safeDecode(s));
  return segments.length === 1 && Object.values(COUNTRY_SLUG).includes(segments[0] ?? '');
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The filters the query string carries, with their parameter names. */
const NUMBER_PARAMS = [
  'priceMin',
  'priceMax',
  'yearMin',
  'yearMax',
  'mileageMin',
  'mileageMax',
  'roomsMin',
  'roomsMax',
  'surfaceMin',
  'surfaceMax',
] as const;
const TEXT_PARAMS = ['brand', 'model'] as const;
const FLAG_PARAMS = ['withPhotos', 'delivery', 'urgent', 'hotdeal', 'verifiedSeller'] as const;

export type NumberParam = (typeof NUMBER_PARAMS)[number];
export type FlagParam = (typeof FLAG_PARAMS)[number];

const SORTS: Record<string, SearchSort> = { newest: 'NEWEST', price_asc: 'PRICE_ASC', price_desc: 'PRICE_DESC' };

/** What the query string says: the filters beyond the path, the sort and the offset. */
export interface QueryState {
  filters: SearchFilters;
  sort: SearchSort;
  offset: number;
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '' || !/^-?\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function readQuery(params: URLSearchParams): QueryState {
  const filters: SearchFilters = {};
  for (const name of NUMBER_PARAMS) {
    const n = wholeNumber(params.get(name));
    if (n !== undefined) filters[name] = n;
  }
  for (const name of TEXT_PARAMS) {
    const text = params.get(name)?.trim();
    if (text) filters[name] = text;
  }
  for (const name of FLAG_PARAMS) if (params.get(name) === '1') filters[name] = true;
  const seller = params.get('seller');
  if (seller === 'private' || seller === 'shop') filters.seller = seller === 'private' ? 'PRIVATE' : 'SHOP';
  const offset = wholeNumber(params.get('o'));
  return {
    filters,
    sort: SORTS[params.get('sort') ?? ''] ?? 'RELEVANCE',
    offset: offset !== undefined && offset > 0 ? Math.min(offset, OFFSET_CAP) : 0,
  };
}

/** The query string of filters, sort and offset (the reverse of readQuery), without `?`. */
export function writeQuery(filters: SearchFilters, sort: SearchSort, offset: number): string {
  const params = new URLSearchParams();
  for (const name of NUMBER_PARAMS) {
    const n = filters[name];
    if (n !== undefined) params.set(name, String(n));
  }
  for (const name of TEXT_PARAMS) {
    const text = filters[name]?.trim();
    if (text) params.set(name, text);
  }
  for (const name of FLAG_PARAMS) if (filters[name]) params.set(name, '1');
  if (filters.seller) params.set('seller', filters.seller === 'PRIVATE' ? 'private' : 'shop');
  const sortName = Object.entries(SORTS).find(([, value]) => value === sort)?.[0];
  if (sortName) params.set('sort', sortName);
  if (offset > 0) params.set('o', String(offset));
  return params.toString();
}

/** The filters without empty values, so equal searches compare equal. */
export function compactFilters(filters: SearchFilters): SearchFilters {
  const entries = Object.entries(filters) as [string, unknown][];
  return Object.fromEntries(
    entries.filter(([, value]) => value !== undefined && value !== '' && value !== false && value !== null),
  );
}

/**
 * The search a parsed path and its query string ask for. A keyword may come in `?q=` as the
 * person typed it (the header's search bar): the path's keyword is folded, `q` is not.
 */
export function searchOf(parsed: ParsedUrl, search: string): { filters: SearchFilters; sort: SearchSort; offset: number } {
  const params = new URLSearchParams(search);
  const query = readQuery(params);
  const q = params.get('q')?.trim();
  const typed = q === '' ? undefined : q;
  const city = parsed.locations.find((l) => l.level === 'city');
  const area = parsed.locations.find((l) => l.level === 'area');
  const filters = compactFilters({
    ...query.filters,
    // What the person typed wins over the server's folded reading of it.
    keyword: typed ?? parsed.keyword ?? undefined,
    categoryId: parsed.category?.id,
    adType: parsed.adType ?? undefined,
    cityId: city?.id,
    areaId: area?.id,
  });
  return { filters, sort: query.sort, offset: query.offset };
}

/** Whether a parsed path names a listing (a place, category, ad type, keyword or the country). */
export function isListing(parsed: ParsedUrl, path: string): boolean {
  return parsed.locations.length > 0 || parsed.category !== null || parsed.adType !== null || parsed.keyword !== null || isCountryPath(path);
}
