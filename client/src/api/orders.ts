// A private account's orders (spec §7 getMyPurchaseOrders(query{filters{status}, page{number,
// size}}), spec §3 purchase order). The query is asked directly: the tab does not depend on
// GraphQL introspection, which production servers turn off. A server without the operation
// answers GRAPHQL_VALIDATION_FAILED, which the tab shows as its error state (docs/client-gaps.md).

import { api } from './baseApi';

export const ORDER_STATUSES = ['initiated', 'preparing', 'delivering', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec §3 payment methods; the server answers `cod` for cash on delivery. */
export const PAYMENT_METHODS = ['cc', 'cod', 'fatourati', 'cashPlus', 'tasshilat', 'bankingApp', 'sms', 'avitoken'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PurchaseOrder {
  id: string;
  product: { sku: string | null; listId: number | null; name: string; thumbnail: string | null };
  /** A display string with its currency ("450 DH"). */
  total: string;
  status: string;
  /** ISO 8601. */
  date: string;
  paymentMethod: string;
  /** What the buyer may do with it: `cancel` while it is pending (issue 23). */
  allowedActions?: string[];
}

/** What `cancelOrder` answers. */
export interface OrderUpdate {
  id: string;
  status: string;
  buyerStatus: string;
  deleted: boolean;
}

export const CANCEL_ORDER = `mutation cancelOrder($id: String!) {
  cancelOrder(id: $id) { id status buyerStatus deleted }
}`;

export interface PurchaseOrdersPage {
  orders: PurchaseOrder[];
  count: number;
}

export const GET_MY_PURCHASE_ORDERS = `query getMyPurchaseOrders($query: PurchaseOrdersQuery!) {
  getMyPurchaseOrders(query: $query) {
    orders { id product { sku listId name thumbnail } total status date paymentMethod allowedActions }
    count
  }
}`;

export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['PurchaseOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyPurchaseOrders: build.query<PurchaseOrdersPage, { status: OrderStatus; page: number; size: number }>({
      query: ({ status, page, size }) => ({
        document: GET_MY_PURCHASE_ORDERS,
        variables: { query: { filters: { status }, page: { number: page, size } } },
      }),
      transformResponse: (data: { getMyPurchaseOrders: PurchaseOrdersPage }) => data.getMyPurchaseOrders,
      providesTags: ['PurchaseOrders'],
    }),
    cancelOrder: build.mutation<OrderUpdate, { id: string }>({
      query: ({ id }) => ({ document: CANCEL_ORDER, variables: { id } }),
      transformResponse: (data: { cancelOrder: OrderUpdate }) => data.cancelOrder,
      invalidatesTags: ['PurchaseOrders'],
    }),
  }),
});

export const { useCancelOrderMutation, useGetMyPurchaseOrdersQuery } = ordersApi;

/** The order's status as one of the filter's statuses (the spec also spells it `canceled`). */
export function orderStatusOf(status: string): OrderStatus | undefined {
  const key = status.toLowerCase() === 'canceled' ? 'cancelled' : status.toLowerCase();
  return (ORDER_STATUSES as readonly string[]).includes(key) ? (key as OrderStatus) : undefined;
}

export function paymentMethodOf(method: string): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((known) => known.toLowerCase() === method.toLowerCase());
}

/**
 * The reference people read and say on the phone: an order id is a UUID (v7, its first half is
 * a timestamp), so its last 8 characters — the random part — in capitals ("#3F9A1C2E"); a short
 * id stays as it is.
 */
export function orderRef(id: string): string {
  const compact = id.replace(/-/g, '');
  return compact.length > 12 ? compact.slice(-8).toUpperCase() : id;
}
