// The insertion-fee payment of an ad waiting for payment (docs/api.md "Payments"): the fee of one
// of my ads with each checkout method's extra fee and total and its open order
// (getMyAdInsertionFee), and ordering a payment code (orderAdPayment). Ordering may be retried on
// a network failure: while the ad has an open order, the server answers that same order.

import { api } from './baseApi';

/** Amounts travel as integer centimes with their DH wording ("52,50 DH"). */
export interface Amount {
  centimes: number;
  withCurrency: string;
}

export interface PaymentMethodOffer {
  /** fatourati, cashPlus, tasshilat, cc. */
  method: string;
  available: boolean;
  offline: boolean;
  extraFee: Amount;
  total: Amount;
}

export interface PaymentOrder {
  id: string;
  code: string;
  method: string;
  /** pending, paid, expired, refunded. */
  status: string;
  fee: Amount;
  extraFee: Amount;
  total: Amount;
  adId: string;
  listId: number;
  adTitle: string;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

export interface AdInsertionFee {
  adId: string;
  listId: number;
  title: string;
  /** The ad's status, lowercase (pending_payment, active...). */
  status: string;
  due: boolean;
  fee: Amount;
  methods: PaymentMethodOffer[];
  openOrder: PaymentOrder | null;
}

const AMOUNT = 'centimes withCurrency';
const ORDER = `id code method status fee { ${AMOUNT} } extraFee { ${AMOUNT} } total { ${AMOUNT} } adId listId adTitle createdAt expiresAt paidAt`;

export const GET_MY_AD_INSERTION_FEE = `query getMyAdInsertionFee($adId: String!) {
  getMyAdInsertionFee(adId: $adId) {
    adId listId title status due fee { ${AMOUNT} }
    methods { method available offline extraFee { ${AMOUNT} } total { ${AMOUNT} } }
    openOrder { ${ORDER} }
  }
}`;

export const ORDER_AD_PAYMENT = `mutation orderAdPayment($adId: String!, $method: String!) {
  orderAdPayment(adId: $adId, method: $method) { ${ORDER} }
}`;

export const paymentsApi = api.enhanceEndpoints({ addTagTypes: ['InsertionFee', 'MyAds', 'Ad'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyAdInsertionFee: build.query<AdInsertionFee, { adId: string }>({
      query: (variables) => ({ document: GET_MY_AD_INSERTION_FEE, variables }),
      transformResponse: (data: { getMyAdInsertionFee: AdInsertionFee }) => data.getMyAdInsertionFee,
      providesTags: ['InsertionFee'],
    }),
    orderAdPayment: build.mutation<PaymentOrder, { adId: string; method: string }>({
      query: (variables) => ({ document: ORDER_AD_PAYMENT, variables }),
      transformResponse: (data: { orderAdPayment: PaymentOrder }) => data.orderAdPayment,
      invalidatesTags: ['InsertionFee'],
    }),
  }),
});

export const { useGetMyAdInsertionFeeQuery, useOrderAdPaymentMutation } = paymentsApi;

/** The payment code as read out at a counter: `123 456 7890`. */
export function groupedCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}` : code;
}
