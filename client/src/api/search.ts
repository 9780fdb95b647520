// The Search and browse operations (docs/search.md): searchAds (one listing page with premium
// slots, counts, facets and the location extension), recent searches, saveSearch, the shop
// directory (getShops) and shop pages (getShop), and the parse-URL endpoint (POST
// /api/parse-url) that reads a listing path. Imported only by the lazy pages that use them.

import type { Language } from '../app/language';
import { api } from './baseApi';
import type { Ad } from './ads';
import { gatewayHeaders, isGatewayError, NETWORK_ERROR, toGatewayError } from './gateway';

/** searchAds' SearchFiltersInput: every field optional, prices in dirhams. */
export interface SearchFilters {
  keyword?: string;
  categoryId?: number;
  vertical?: string;
  adType?: string;
  regionId?: number;
  cityId?: number;
  areaId?: number;
  priceMin?: number;
  priceMax?: number;
  brand?: string;
  model?: string;
  yearMin?: number;
  yearMax?: number;
  mileageMin?: number;
  mileageMax?: number;
  roomsMin?: number;
  roomsMax?: number;
  surfaceMin?: number;
  surfaceMax?: number;
  withPhotos?: boolean;
  delivery?: boolean;
  urgent?: boolean;
  hotdeal?: boolean;
  seller?: 'PRIVATE' | 'SHOP';
  verifiedSeller?: boolean;
}

export type SearchSort = 'RELEVANCE' | 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC';

export interface FacetCount {
  id: number;
  name: string;
  count: number;
}

export interface SearchPage {
  ads: Ad[];
  premium: Ad[];
  total: number;
  totalCapped: boolean;
  /** CITY, REGION or COUNTRY when the place asked for had too few matches. */
  extended: 'CITY' | 'REGION' | 'COUNTRY' | null;
  /** A close spelling of the keyword when it found (almost) nothing (issue 32). */
  didYouMean: string | null;
  facets: { categories: FacetCount[]; cities: FacetCount[] };
  offset: number;
  limit: number;
}

/** A recent search as the server keeps it: the domain form of the filters (snake case). */
export interface RecentSearch {
  keyword?: string | null;
  category_id?: number | null;
  ad_type?: string | null;
  city_id?: number | null;
  area_id?: number | null;
  price?: { min?: number | null; max?: number | null };
  [other: string]: unknown;
}

export interface SaveSearchResult {
  outcome: 'SAVED' | 'ALREADY_SAVED';
  messageKey: string;
  search: { id: number; name: string };
}

export interface Shop {
  storeId: number;
  name: string;
  slug: string;
  url: string;
  city: string | null;
  categoryId: number | null;
  shortDescription: string;
  description: string;
  address: string;
  website: string | null;
  logo: string | null;
  isVerifiedSeller: boolean;
  offersDelivery: boolean;
}

export interface ShopsPage {
  shops: Shop[];
  count: number;
}

export interface ShopPage {
  shop: Shop;
  ads: Ad[];
  count: number;
  categories: FacetCount[];
}

/** What POST /api/parse-url reads in a listing path. */
export interface ParsedUrl {
  language: Language;
  locations: { level: 'city' | 'area'; id: number; slug: string; name: string }[];
  category: { id: number; slug: string; name: string } | null;
  adType: string | null;
  keyword: string | null;
}

const PRICE = 'price { withCurrency withoutCurrency value }';
export const LISTING_AD_FIELDS = `adId listId title status labels discount type { key name } image mediaCount ${PRICE}
  publishedAt lastStateTime city { id name } category { id name } urgent hotdeal delivery hasVideo
  performance { views phoneViews conversations } editAdStatus refusalReasonText deletableInDays vasPackages`;

export const SEARCH_ADS = `query searchAds($filters: SearchFiltersInput, $offset: Int, $limit: Int, $sort: SearchSortInput) {
  searchAds(filters: $filters, offset: $offset, limit: $limit, sort: $sort) {
    ads { ${LISTING_AD_FIELDS} }
    premium { ${LISTING_AD_FIELDS} }
    total totalCapped extended didYouMean offset limit
    facets { categories { id name count } cities { id name count } }
  }
}`;
export const GET_RECENT_SEARCHES = `query getRecentSearches { getRecentSearches }`;
export const CLEAR_RECENT_SEARCHES = `mutation clearRecentSearches { clearRecentSearches }`;
export const SAVE_SEARCH = `mutation saveSearch($filters: SearchFiltersInput!, $name: String) {
  saveSearch(filters: $filters, name: $name) { outcome messageKey search { id name } }
}`;
const SHOP_FIELDS = `storeId name slug url city categoryId shortDescription description address website logo
  isVerifiedSeller offersDelivery`;
export const GET_SHOPS = `query getShops($cityId: Int, $categoryId: Int, $keyword: String, $offset: Int, $limit: Int) {
  getShops(cityId: $cityId, categoryId: $categoryId, keyword: $keyword, offset: $offset, limit: $limit) {
    shops { ${SHOP_FIELDS} } count
  }
}`;
export const GET_SHOP = `query getShop($name: String!, $categoryId: Int, $offset: Int, $limit: Int) {
  getShop(name: $name, categoryId: $categoryId, offset: $offset, limit: $limit) {
    shop { ${SHOP_FIELDS} } ads { ${LISTING_AD_FIELDS} } count categories { id name count }
  }
}`;

export const GET_MY_SAVED_SEARCHES = `query getMySavedSearches { getMySavedSearches { id name filters createdAt alertsEnabled } }`;
export const SET_SAVED_SEARCH_ALERTS = `mutation setSavedSearchAlerts($id: Int!, $enabled: Boolean!) { setSavedSearchAlerts(id: $id, enabled: $enabled) { id alertsEnabled } }`;
export const DELETE_SAVED_SEARCH = `mutation deleteSavedSearch($id: Int!) { deleteSavedSearch(id: $id) }`;

/** A saved search of the account (its filters in the server's domain form, like recent searches). */
export interface SavedSearch {
  id: number;
  name: string;
  filters: RecentSearch;
  createdAt: string;
  /** New matches are announced (live while online, else in the daily digest). */
  alertsEnabled: boolean;
}

export const PARSE_URL_PATH = '/api/parse-url';
/** Spec §9: a parsed listing URL is kept 600000 ms (the server answers from its cache for 300000 ms). */
const PARSE_URL_KEPT_SECONDS = 600;

/** The listing page size (spec §9). */
export const PAGE_SIZE = 12;

export interface SearchArgs {
  filters: SearchFilters;
  offset: number;
  sort: SearchSort;
  lang: Language;
}

export const searchApi = api.enhanceEndpoints({ addTagTypes: ['RecentSearches', 'SavedSearches'] }).injectEndpoints({
  endpoints: (build) => ({
    getMySavedSearches: build.query<SavedSearch[], undefined>({
      query: () => ({ document: GET_MY_SAVED_SEARCHES }),
      transformResponse: (data: { getMySavedSearches: SavedSearch[] }) => data.getMySavedSearches,
      providesTags: ['SavedSearches'],
    }),
    deleteSavedSearch: build.mutation<boolean, { id: number }>({
      query: (variables) => ({ document: DELETE_SAVED_SEARCH, variables }),
      transformResponse: (data: { deleteSavedSearch: boolean }) => data.deleteSavedSearch,
      invalidatesTags: ['SavedSearches'],
      extraOptions: { retry: false },
    }),
    setSavedSearchAlerts: build.mutation<boolean, { id: number; enabled: boolean }>({
      query: (variables) => ({ document: SET_SAVED_SEARCH_ALERTS, variables }),
      transformResponse: (data: { setSavedSearchAlerts: { alertsEnabled: boolean } }) => data.setSavedSearchAlerts.alertsEnabled,
      invalidatesTags: ['SavedSearches'],
      extraOptions: { retry: false },
    }),
    searchAds: build.query<SearchPage, SearchArgs>({
      query: ({ filters, offset, sort, lang }) => ({
        document: SEARCH_ADS,
        variables: { filters, offset, limit: PAGE_SIZE, sort },
        lang,
      }),
      transformResponse: (data: { searchAds: SearchPage }) => data.searchAds,
    }),
    getRecentSearches: build.query<RecentSearch[], undefined>({
      query: () => ({ document: GET_RECENT_SEARCHES, variables: {} }),
      transformResponse: (data: { getRecentSearches: RecentSearch[] }) => data.getRecentSearches,
      providesTags: ['RecentSearches'],
    }),
    clearRecentSearches: build.mutation<boolean, undefined>({
      query: () => ({ document: CLEAR_RECENT_SEARCHES, variables: {} }),
      transformResponse: (data: { clearRecentSearches: boolean }) => data.clearRecentSearches,
      invalidatesTags: ['RecentSearches'],
    }),
    saveSearch: build.mutation<SaveSearchResult, { filters: SearchFilters; name?: string }>({
      query: (variables) => ({ document: SAVE_SEARCH, variables }),
      transformResponse: (data: { saveSearch: SaveSearchResult }) => data.saveSearch,
      invalidatesTags: ['SavedSearches'],
      extraOptions: { retry: false },
    }),
    getShops: build.query<
      ShopsPage,
      { cityId?: number; categoryId?: number; keyword?: string; offset: number; lang: Language }
    >({
      query: ({ lang, ...variables }) => ({ document: GET_SHOPS, variables: { ...variables, limit: PAGE_SIZE }, lang }),
      transformResponse: (data: { getShops: ShopsPage }) => data.getShops,
    }),
    getShop: build.query<ShopPage, { name: string; categoryId?: number; offset: number; lang: Language }>({
      query: ({ lang, ...variables }) => ({ document: GET_SHOP, variables: { ...variables, limit: PAGE_SIZE }, lang }),
      transformResponse: (data: { getShop: ShopPage }) => data.getShop,
    }),
    parseUrl: build.query<ParsedUrl, { pathname: string; query: string; lang: Language }>({
      async queryFn({ pathname, query, lang }) {
        try {
          const response = await fetch(PARSE_URL_PATH, {
            method: 'POST',
            headers: { ...gatewayHeaders(lang), 'Content-Type': 'application/json' },
            body: JSON.stringify({ pathname, query }),
          });
          const body = (await response.json().catch(() => undefined)) as unknown;
          if (!response.ok) return { error: toGatewayError(response.status, body) };
          return { data: body as ParsedUrl };
        } catch (error) {
          return { error: isGatewayError(error) ? error : NETWORK_ERROR };
        }
      },
      keepUnusedDataFor: PARSE_URL_KEPT_SECONDS,
    }),
  }),
});

export const {
  useGetMySavedSearchesQuery,
  useDeleteSavedSearchMutation,
  useSetSavedSearchAlertsMutation,
  useSearchAdsQuery,
  useGetRecentSearchesQuery,
  useClearRecentSearchesMutation,
  useSaveSearchMutation,
  useGetShopsQuery,
  useGetShopQuery,
  useParseUrlQuery,
} = searchApi;
