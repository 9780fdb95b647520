// The tabs of the real-estate home (spec §2: sales, rentals, new, vacation, shared) and the
// categories and ad type each one lists. The ids come from docs/reference-data.md: group 1000
// holds the sale and rental categories; 1500 new-build, 1300 vacation rentals and 1400 flat
// shares sit directly under the vertical 10000.

import type { Category } from '../../api/catalog';

export const REAL_ESTATE_VERTICAL_ID = 10000;

export const REAL_ESTATE_TABS = ['sales', 'rentals', 'new', 'vacation', 'shared'] as const;
export type RealEstateTab = (typeof REAL_ESTATE_TABS)[number];

interface TabSource {
  /** The category whose listing is the tab's "see all". */
  categoryId: number;
  adType?: string;
}

const SOURCES: Record<RealEstateTab, TabSource> = {
  sales: { categoryId: 1000, adType: 'sell' },
  rentals: { categoryId: 1000, adType: 'rent' },
  new: { categoryId: 1500, adType: 'sell' },
  vacation: { categoryId: 1300, adType: 'vacation_rent' },
  shared: { categoryId: 1400, adType: 'rent' },
};

export function isRealEstateTab(value: string | null): value is RealEstateTab {
  return (REAL_ESTATE_TABS as readonly string[]).includes(value ?? '');
}

export interface TabContent {
  /** The tab's category (its "see all" listing), absent when the catalogue lacks it. */
  category: Category | undefined;
  adType: string | undefined;
  /** The categories listed in the tab: the category's children offering the ad type. */
  categories: Category[];
}

export function tabContent(tab: RealEstateTab, categories: readonly Category[]): TabContent {
  const { categoryId, adType } = SOURCES[tab];
  const category = categories.find((c) => c.id === categoryId);
  const children = categories.filter(
    (c) => c.parentId === categoryId && (!adType || c.adTypes.length === 0 || c.adTypes.some((t) => t.key === adType)),
  );
  return { category, adType, categories: children };
}
