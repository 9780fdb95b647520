// A private account's orders (spec §7 getMyPurchaseOrders(query{filters{status}, page{number,
// size}}), spec §3 purchase order). The server does not offer the operation yet
// (docs/client-gaps.md): `getServerQueries` reads the schema's query names (GraphQL
// introspection), and the orders query runs only when the server lists it, so the tab shows
// the spec's empty state until then, with no failing request and no invented data.

import { api } from './baseApi';

export const ORDER_STATUSES = ['initiated', 'preparing', 'delivering', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDERS_OPERATION = 'getMyPurchaseOrders';

export interface PurchaseOrder {
  id: string;
  product: { sku: string | null; listId: number | null; name: string; thumbnail: string | null };
  total: string;
  status: string;
  date: string;
}

export interface PurchaseOrdersPage {
  orders: PurchaseOrder[];
  count: number;
}

export const GET_SERVER_QUERIES = `query getServerQueries { __schema { queryType { fields { name } } } }`;
export const GET_MY_PURCHASE_ORDERS = `query getMyPurchaseOrders($query: PurchaseOrdersQuery!) {
  getMyPurchaseOrders(query: $query) {
    orders { id product { sku listId name thumbnail } total status date }
    count
  }
}`;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerQueries: build.query<string[], undefined>({
      query: () => ({ document: GET_SERVER_QUERIES }),
      transformResponse: (data: { __schema: { queryType: { fields: { name: string }[] } } }) =>
        data.__schema.queryType.fields.map((f) => f.name),
      keepUnusedDataFor: 3600,
    }),
    getMyPurchaseOrders: build.query<PurchaseOrdersPage, { status: OrderStatus; page: number; size: number }>({
      query: ({ status, page, size }) => ({
        document: GET_MY_PURCHASE_ORDERS,
        variables: { query: { filters: { status }, page: { number: page, size } } },
      }),
      transformResponse: (data: { getMyPurchaseOrders: PurchaseOrdersPage }) => data.getMyPurchaseOrders,
    }),
  }),
});

export const { useGetServerQueriesQuery, useGetMyPurchaseOrdersQuery } = ordersApi;
