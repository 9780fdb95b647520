// Turns the gateway's flat category list into the nested tree the home page shows, keeping the
// server's order (parents before children, siblings in display order).

import type { Language } from '../../app/language';
import type { Category } from '../../api/catalog';

export interface CategoryNode {
  category: Category;
  children: CategoryNode[];
}

/** Verticals (roots) with their descendants. Categories whose parent is unknown are left out. */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const childrenOf = new Map<number, Category[]>();
  for (const category of categories) {
    if (category.parentId === null) continue;
    const siblings = childrenOf.get(category.parentId);
    if (siblings) siblings.push(category);
    else childrenOf.set(category.parentId, [category]);
  }
  const visited = new Set<number>();
  const toNode = (category: Category): CategoryNode => {
    visited.add(category.id);
    const children = (childrenOf.get(category.id) ?? []).filter((child) => !visited.has(child.id));
    return { category, children: children.map(toNode) };
  };
  return categories.filter((category) => category.parentId === null).map(toNode);
}

/** The listing path of a category: `/{lang}/{slug}` (the slug in that language, else French). */
export function categoryPath(language: Language, category: Category): string {
  const slug = category.slug[language] || category.slug.fr;
  return `/${language}/${encodeURIComponent(slug)}`;
}

/**
 * The search listing of a category, optionally for one ad type (spec §2 listing route
 * `/{location?}/{slug1?}…` with the optional ad-type suffix). The canonical form of the suffix
 * belongs to the search issue (parse-URL endpoint, issue 5); until it lands the ad type travels
 * as the `adType` query parameter, which that endpoint's `query` input can read.
 */
export function listingPath(language: Language, category: Category, adType?: string): string {
  const path = categoryPath(language, category);
  return adType ? `${path}?adType=${encodeURIComponent(adType)}` : path;
}

/** The listing of a city (or area): `/{lang}/{citySlug}`. */
export function cityListingPath(language: Language, slug: string): string {
  return `/${language}/${encodeURIComponent(slug)}`;
}
