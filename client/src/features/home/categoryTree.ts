// Turns the gateway's flat category list into the nested tree the home page shows, keeping the
// server's order (parents before children, siblings in display order).

import type { Language } from '../../app/language';
import type { Category } from '../../api/catalog';
import { listingPath, slugify } from '../listing/listingUrl';

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

/** The listing of a category in the whole country: `/maroc/{slug}` (`/ar/المغرب/{slug}`). */
export function categoryPath(language: Language, category: Category): string {
  return listingPath(language, { category: category.slug[language] || category.slug.fr });
}

/**
 * The search listing of a category, optionally for one ad type (spec §2 listing route with the
 * optional ad-type suffix `_{ad-type}`, the slug of the type's label: `/maroc/appartements_a-vendre`).
 */
export function categoryListingPath(language: Language, category: Category, adType?: string): string {
  const type = adType ? category.adTypes.find((t) => t.key === adType) : undefined;
  return listingPath(language, {
    category: category.slug[language] || category.slug.fr,
    adType: type ? slugify(type.label[language] || type.label.fr) : undefined,
  });
}

/** The listing of a city: `/{citySlug}` (`/ar/{citySlug}`). */
export function cityListingPath(language: Language, slug: string): string {
  return listingPath(language, { city: slug });
}
