// The reference data a listing needs to name its filters and to build their canonical path:
// categories (slugs, ad types), the cities (slugs) and a city's areas, and the listing address
// of a search from them.

import type { Area, Category, FormattedLocation } from '../../api/catalog';
import type { SearchFilters, SearchSort } from '../../api/search';
import type { Language } from '../../app/language';
import { listingPath, slugify, writeQuery, type ListingSlugs } from './listingUrl';

export const VEHICLES_ID = 20000;
export const REAL_ESTATE_ID = 10000;

export interface ListingRefs {
  categories: readonly Category[];
  cities: readonly FormattedLocation[];
  areas: readonly Area[];
}

/** The vertical (root) of a category, or undefined for an unknown one. */
export function rootOf(categories: readonly Category[], id: number | undefined): Category | undefined {
  let category = categories.find((c) => c.id === id);
  for (let depth = 0; category && category.parentId !== null && depth < 8; depth += 1) {
    const parentId: number = category.parentId;
    category = categories.find((c) => c.id === parentId);
  }
  return category;
}

/**
 * The slug of an ad type in a language: the slug of its label, the label of the last category
 * that has the key (the server's slug index keeps the last one too).
 */
export function adTypeSlug(categories: readonly Category[], key: string, language: Language, categoryId?: number): string | undefined {
  const own = categories.find((c) => c.id === categoryId)?.adTypes.find((t) => t.key === key);
  let found = own;
  if (!found) {
    for (const category of categories) {
      const type = category.adTypes.find((t) => t.key === key);
      if (type) found = type;
    }
  }
  return found ? slugify(found.label[language] || found.label.fr) : undefined;
}

export function slugsOf(language: Language, filters: SearchFilters, refs: ListingRefs): ListingSlugs {
  const category = refs.categories.find((c) => c.id === filters.categoryId);
  const city = refs.cities.find((c) => Number(c.value) === filters.cityId);
  const area = refs.areas.find((a) => a.id === filters.areaId);
  return {
    city: city?.slug,
    area: city && area ? area.slug[language] || area.slug.fr : undefined,
    category: category ? category.slug[language] || category.slug.fr : undefined,
    adType: filters.adType ? adTypeSlug(refs.categories, filters.adType, language, filters.categoryId) : undefined,
    keyword: filters.keyword,
  };
}

/** The address of a search: its canonical path and the query string of the other filters. */
export function listingHref(language: Language, filters: SearchFilters, sort: SearchSort, offset: number, refs: ListingRefs): string {
  const path = listingPath(language, slugsOf(language, filters, refs));
  const query = writeQuery(filters, sort, offset);
  return query ? `${path}?${query}` : path;
}
