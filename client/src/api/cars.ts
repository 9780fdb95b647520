// The car catalogue the ad form's car parameters choose from (docs/api.md): each parameter of
// getAdParams with a `source` reads its choices here — carBrands, carModels (the models of the
// chosen brand), carFuels, carGearboxes. The values are what the server accepts in `params`
// (a brand's or model's slug, a fuel's or gearbox's key). Imported only by the ad form.

import type { Language } from '../app/language';
import { api } from './baseApi';

/** One choice of a catalogue parameter: the value sent and what the select shows. */
export interface SourceChoice {
  key: string;
  label: string;
}

export const GET_CAR_BRANDS = `query getCarBrands {
  getCarBrands { id name slug }
}`;

export const GET_CAR_MODELS = `query getCarModels($brand: String!) {
  getCarModels(brand: $brand) { id name slug }
}`;

export const GET_CAR_FUELS = `query getCarFuels {
  getCarFuels { key name }
}`;

export const GET_CAR_GEARBOXES = `query getCarGearboxes {
  getCarGearboxes { key name }
}`;

interface Named {
  name: string;
  slug: string;
}

interface Option {
  key: string;
  name: string;
}

const bySlug = (items: Named[]): SourceChoice[] => items.map((item) => ({ key: item.slug, label: item.name }));
const byKey = (items: Option[]): SourceChoice[] => items.map((item) => ({ key: item.key, label: item.name }));

export const carsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCarBrands: build.query<SourceChoice[], undefined>({
      query: () => ({ document: GET_CAR_BRANDS }),
      transformResponse: (data: { getCarBrands: Named[] }) => bySlug(data.getCarBrands),
    }),
    getCarModels: build.query<SourceChoice[], { brand: string }>({
      query: ({ brand }) => ({ document: GET_CAR_MODELS, variables: { brand } }),
      transformResponse: (data: { getCarModels: Named[] }) => bySlug(data.getCarModels),
    }),
    getCarFuels: build.query<SourceChoice[], { lang: Language }>({
      query: ({ lang }) => ({ document: GET_CAR_FUELS, lang }),
      transformResponse: (data: { getCarFuels: Option[] }) => byKey(data.getCarFuels),
    }),
    getCarGearboxes: build.query<SourceChoice[], { lang: Language }>({
      query: ({ lang }) => ({ document: GET_CAR_GEARBOXES, lang }),
      transformResponse: (data: { getCarGearboxes: Option[] }) => byKey(data.getCarGearboxes),
    }),
  }),
});

export const { useGetCarBrandsQuery, useGetCarModelsQuery, useGetCarFuelsQuery, useGetCarGearboxesQuery } = carsApi;
