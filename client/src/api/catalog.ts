// Reference data read through the gateway: the category tree, cities and areas (spec §7).
// Queries whose answer depends on the language take `lang` so the cache keeps one entry per
// language and the request carries that language as Accept-Language.

import type { Language } from '../app/language';
import { api } from './baseApi';

export interface LocalizedText {
  fr: string;
  ar: string;
}

export interface AdType {
  key: string;
  order: number;
  label: LocalizedText;
}

/** A node of the category tree as the gateway lists it (flat, parents before children). */
export interface Category {
  id: number;
  parentId: number | null;
  childrenIds: number[];
  order: number;
  /** The label in the request language. */
  name: string;
  label: LocalizedText;
  slug: LocalizedText;
  adTypes: AdType[];
}

/** A city or area suggestion, formatted for pickers. */
export interface FormattedLocation {
  label: string;
  value: string;
  type: string;
  /** The city's slug in the request language (listing URLs). */
  slug?: string;
}

export interface CitiesPage {
  cities: FormattedLocation[];
  count: number;
}

export interface Area {
  id: number;
  label: LocalizedText;
  slug: LocalizedText;
}

export const GET_CATEGORIES = `query getCategories($withMissingCats: Boolean) {
  getCategories(withMissingCats: $withMissingCats) {
    id parentId childrenIds order name label { fr ar } slug { fr ar }
    adTypes { key order label { fr ar } }
  }
}`;

export const GET_CITIES_FORMATTED_NEXT = `query getCitiesFormattedNext($startIndex: Int!, $stopIndex: Int!, $keyword: String) {
  getCitiesFormattedNext(startIndex: $startIndex, stopIndex: $stopIndex, keyword: $keyword) {
    cities { label value type slug }
    count
  }
}`;

export const GET_POPULAR_CITIES_FORMATTED_NEXT = `query getPopularCitiesFormattedNext($isMobile: Boolean) {
  getPopularCitiesFormattedNext(isMobile: $isMobile) { label value type slug }
}`;

export const GET_AREAS = `query getAreas($cityId: Int!) {
  getAreas(cityId: $cityId) { id label { fr ar } slug { fr ar } }
}`;

export interface CategoriesArgs {
  lang: Language;
  withMissingCats?: boolean;
}

export interface CitiesArgs {
  lang: Language;
  startIndex: number;
  stopIndex: number;
  keyword?: string;
}

export interface PopularCitiesArgs {
  lang: Language;
  isMobile?: boolean;
}

export interface AreasArgs {
  cityId: number;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], CategoriesArgs>({
      query: ({ lang, withMissingCats = false }) => ({
        document: GET_CATEGORIES,
        variables: { withMissingCats },
        lang,
      }),
      transformResponse: (data: { getCategories: Category[] }) => data.getCategories,
    }),
    getCitiesFormattedNext: build.query<CitiesPage, CitiesArgs>({
      query: ({ lang, startIndex, stopIndex, keyword }) => ({
        document: GET_CITIES_FORMATTED_NEXT,
        variables: { startIndex, stopIndex, keyword: keyword ?? null },
        lang,
      }),
      transformResponse: (data: { getCitiesFormattedNext: CitiesPage }) => data.getCitiesFormattedNext,
    }),
    getPopularCitiesFormattedNext: build.query<FormattedLocation[], PopularCitiesArgs>({
      query: ({ lang, isMobile = false }) => ({
        document: GET_POPULAR_CITIES_FORMATTED_NEXT,
        variables: { isMobile },
        lang,
      }),
      transformResponse: (data: { getPopularCitiesFormattedNext: FormattedLocation[] }) =>
        data.getPopularCitiesFormattedNext,
    }),
    getAreas: build.query<Area[], AreasArgs>({
      query: ({ cityId }) => ({ document: GET_AREAS, variables: { cityId } }),
      transformResponse: (data: { getAreas: Area[] }) => data.getAreas,
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetCitiesFormattedNextQuery,
  useGetPopularCitiesFormattedNextQuery,
  useGetAreasQuery,
} = catalogApi;
