// Buying a seller-centre product (docs/api.md "Checkout"): the quote of a quantity of one ad's
// product with the buyer's saved delivery details (getCheckout), placing the cash-on-delivery
// order (placeOrder) under a client-made orderKey, so that a retried submit answers the order the
// first one made; and the home-delivery request of an ad (requestDelivery, spec §2 delivery
// order, §3 delivery request, §9 callback within 2 hours).

import { api } from './baseApi';
import type { Money } from './seller';
import type { SaleOrder } from './seller';

export interface CheckoutDetails {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  cityId: number | null;
}

export interface CheckoutQuote {
  product: { id: string; listId: number; name: string; thumbnail: string | null; sellerName: string; units: number; status: string };
  quantity: number;
  unitPrice: Money;
  /** The discount on one unit (zero when none). */
  discount: Money;
  subtotal: Money;
  deliveryFee: Money;
  total: Money;
  maxQuantity: number;
  paymentMethods: string[];
  savedDetails: CheckoutDetails | null;
}

export interface PlaceOrderInput {
  orderKey: string;
  listId: number;
  quantity: number;
  paymentMethod: string;
  delivery: { fullName: string; email: string; phone: string; address: string; cityId: number };
  rememberDetails: boolean;
}

export interface DeliveryRequestInput {
  listId: number;
  firstName: string;
  email: string;
  phone: string;
  cityId: number;
  areaId: number | null;
  address: string;
}

export interface DeliveryRequest {
  id: string;
  listId: number;
  adTitle: string;
  firstName: string;
  city: string | null;
  areaId: number | null;
  address: string;
  createdAt: string;
  /** ISO 8601: when the callback is due (two hours after the request). */
  callbackBefore: string;
}

const MONEY = 'centimes withCurrency withoutCurrency';

export const GET_CHECKOUT = `query getCheckout($listId: Int!, $quantity: Int) {
  getCheckout(listId: $listId, quantity: $quantity) {
    product { id listId name thumbnail sellerName units status }
    quantity unitPrice { ${MONEY} } discount { ${MONEY} } subtotal { ${MONEY} }
    deliveryFee { ${MONEY} } total { ${MONEY} } maxQuantity paymentMethods
    savedDetails { fullName email phone address cityId }
  }
}`;

export const PLACE_ORDER = `mutation placeOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id product { sku listId name thumbnail } unitsSold total status buyerStatus date paymentMethod }
}`;

export const REQUEST_DELIVERY = `mutation requestDelivery($input: DeliveryRequestInput!) {
  requestDelivery(input: $input) { id listId adTitle firstName city areaId address createdAt callbackBefore }
}`;

export type PlacedOrder = Pick<SaleOrder, 'id' | 'product' | 'unitsSold' | 'total' | 'status' | 'buyerStatus' | 'date' | 'paymentMethod'>;

export const checkoutApi = api.enhanceEndpoints({ addTagTypes: ['Checkout', 'PurchaseOrders', 'Ad'] }).injectEndpoints({
  endpoints: (build) => ({
    getCheckout: build.query<CheckoutQuote, { listId: number; quantity: number }>({
      query: (variables) => ({ document: GET_CHECKOUT, variables }),
      transformResponse: (data: { getCheckout: CheckoutQuote }) => data.getCheckout,
      providesTags: ['Checkout'],
    }),
    placeOrder: build.mutation<PlacedOrder, { input: PlaceOrderInput }>({
      query: (variables) => ({ document: PLACE_ORDER, variables }),
      transformResponse: (data: { placeOrder: PlacedOrder }) => data.placeOrder,
      // The stock changed: the quote, the ad's product and the buyer's orders are read again.
      invalidatesTags: (result) => (result ? ['Checkout', 'PurchaseOrders', 'Ad'] : ['Checkout']),
      // The submit itself is retried by the page with the same orderKey: the server then answers
      // the order the first attempt made, so a network retry here is safe and kept.
    }),
    requestDelivery: build.mutation<DeliveryRequest, { input: DeliveryRequestInput }>({
      query: (variables) => ({ document: REQUEST_DELIVERY, variables }),
      transformResponse: (data: { requestDelivery: DeliveryRequest }) => data.requestDelivery,
      extraOptions: { retry: false },
    }),
  }),
});

export const { useGetCheckoutQuery, usePlaceOrderMutation, useRequestDeliveryMutation } = checkoutApi;
