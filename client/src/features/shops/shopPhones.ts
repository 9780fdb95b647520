// A shop's phone numbers (getShopPhones), asked for only when a visitor presses "show the
// number" on the shop page: they are not part of the page's data.

import { api } from '../../api/baseApi';

export const GET_SHOP_PHONES = `query getShopPhones($name: String!) { getShopPhones(name: $name) }`;

const shopPhonesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShopPhones: build.query<string[], { name: string }>({
      query: (variables) => ({ document: GET_SHOP_PHONES, variables }),
      transformResponse: (data: { getShopPhones: string[] }) => data.getShopPhones,
    }),
  }),
});

export const { useLazyGetShopPhonesQuery } = shopPhonesApi;
