// The vehicles home's popular brands and models (getPopularModels): the most advertised brands
// of the cars category with their active ads and top models, counted by the server from that
// category's partition of the listing index.

import { api } from '../../api/baseApi';
import type { Language } from '../../app/language';

export interface PopularModel {
  slug: string;
  name: string;
  count: number;
}

export interface PopularBrand extends PopularModel {
  models: PopularModel[];
}

/** The cars category (docs/reference-data.md), whose brands the vehicles home lists. */
export const CARS_CATEGORY_ID = 2010;
export const VEHICLES_VERTICAL_ID = 20000;

export const GET_POPULAR_MODELS = `query getPopularModels($categoryId: Int!, $brands: Int, $models: Int) {
  getPopularModels(categoryId: $categoryId, brands: $brands, models: $models) { slug name count models { slug name count } }
}`;

const popularModelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPopularModels: build.query<PopularBrand[], { categoryId: number; lang: Language }>({
      query: ({ categoryId, lang }) => ({ document: GET_POPULAR_MODELS, variables: { categoryId, brands: 12, models: 4 }, lang }),
      transformResponse: (data: { getPopularModels: PopularBrand[] }) => data.getPopularModels,
    }),
  }),
});

export const { useGetPopularModelsQuery } = popularModelsApi;
