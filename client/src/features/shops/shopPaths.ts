// Shop URLs (spec §2): the directory `/boutiques/{location?}/{category?}/{keyword?}` — the
// place is a city slug or `maroc`, the category a category slug, the keyword its words joined
// by hyphens — and a shop page `/boutique/{name}/{category?}` (`name` as the server gives it,
// `auto-atlas-7`). French pages have no prefix, Arabic ones `/ar` (the server's canonical form).

import type { Category, FormattedLocation } from '../../api/catalog';
import type { Language } from '../../app/language';
import { canonicalPrefix, COUNTRY_SLUG, keywordWords, safeDecode } from '../listing/listingUrl';

export interface ShopSearch {
  cityId?: number;
  categoryId?: number;
  keyword?: string;
}

/** Reads the directory's segments; undefined when one names nothing. */
export function readShopSearch(
  segments: (string | undefined)[],
  categories: readonly Category[],
  cities: readonly FormattedLocation[],
): ShopSearch | undefined {
  const [place, ...rest] = segments.filter((s): s is string => Boolean(s)).map(safeDecode);
  const search: ShopSearch = {};
  if (place !== undefined && !Object.values(COUNTRY_SLUG).includes(place)) {
    const city = cities.find((c) => c.slug === place);
    if (!city) return undefined;
    search.cityId = Number(city.value);
  }
  for (const [i, segment] of rest.entries()) {
    const category = i === 0 ? categories.find((c) => c.slug.fr === segment || c.slug.ar === segment) : undefined;
    if (category) search.categoryId = category.id;
    else if (i === rest.length - 1) search.keyword = segment.replace(/-/g, ' ');
    else return undefined;
  }
  return search;
}

export function shopDirectoryPath(
  language: Language,
  search: ShopSearch,
  categories: readonly Category[],
  cities: readonly FormattedLocation[],
): string {
  const segments: string[] = [];
  const city = cities.find((c) => Number(c.value) === search.cityId);
  const category = categories.find((c) => c.id === search.categoryId);
  const words = keywordWords(search.keyword ?? '');
  if (city || category || words.length > 0) segments.push(city?.slug ?? COUNTRY_SLUG[language]);
  if (category) segments.push(category.slug[language] || category.slug.fr);
  if (words.length > 0) segments.push(words.join('-'));
  return [`${canonicalPrefix(language)}/boutiques`, ...segments.map(encodeURIComponent)].join('/');
}

/** A shop page, optionally narrowed to one of its categories. */
export function shopPagePath(language: Language, name: string, category?: Category): string {
  const base = `${canonicalPrefix(language)}/boutique/${encodeURIComponent(name)}`;
  return category ? `${base}/${encodeURIComponent(category.slug[language] || category.slug.fr)}` : base;
}
