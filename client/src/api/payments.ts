// The payments of my ads (docs/api.md "Payments", docs/payments.md): the insertion fee of an ad
// waiting for payment with each checkout method's extra fee and total and its open order
// (getMyAdInsertionFee) and ordering it (orderAdPayment); the boost offer of one of my ads
// (getVasPacks: packs, methods, slots, balances — every price and rule comes from there) and
// ordering a pack (orderVasPack); one order and my orders (getMyPaymentOrder, getMyPaymentOrders);
// my points and tokens (getMyBalances). Ordering may be retried on a network failure: while the
// ad has an open order, the server answers that same order.

import { api } from './baseApi';

/** Amounts travel as integer centimes with their DH wording ("52,50 DH"). */
export interface Amount {
  centimes: number;
  withCurrency: string;
}

/** A pack's or a balance's amount as the contract spells it (withoutCurrency too). */
export interface FullAmount extends Amount {
  withoutCurrency: string;
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
  /** pending, ongoing, paid, expired, refunded. */
  status: string;
  /** insertion or pack. */
  purpose?: string;
  packId?: string | null;
  packKind?: string | null;
  durationDays?: number | null;
  /** YYYY-MM-DD and morning / afternoon / evening: the slot the seller chose. */
  slotDate?: string | null;
  slotPart?: string | null;
  /** ISO 8601: when the pack starts and ends, once paid. */
  packStart?: string | null;
  packEnd?: string | null;
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
  /** The last refused attempt's error code (INVALID_OPERATION...). */
  failure?: string | null;
  /** The card provider's page while the card payment waits. */
  redirectUrl?: string | null;
  invoiceNumber?: string | null;
  invoiceUrl?: string | null;
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

export interface VasPack {
  /** `{kind}-{days}`: bump-7, renewal-1. */
  id: string;
  /** bump, gallery, special, highlight, renewal. */
  kind: string;
  durationDays: number;
  price: FullAmount;
  /** The price before the shop discount (equal to price without one). */
  listPrice: FullAmount;
  pricePerDay: FullAmount;
  viewMultiplier: number;
  /** The views multiplier shown, the shop multiplier included. */
  expectedReach: number;
  /** The pack's price in points and in tokens; null when it has none. */
  points: number | null;
  tokens: number | null;
}

export interface VasMethod {
  /** cc, fatourati, cashPlus, tasshilat, sms, bankingApp, avitoken, points. */
  method: string;
  available: boolean;
  offline: boolean;
  extraFee: FullAmount;
}

export interface SlotPart {
  /** morning, afternoon, evening. */
  id: string;
  /** "08:00". */
  from: string;
  to: string;
  /** The first date (YYYY-MM-DD) this part can still be chosen: the morning, asked at noon, opens a day later. */
  earliestDate: string;
}

export interface Balances {
  points: { count: number; expiryDate: string | null; expired: boolean };
  tokens: { count: number };
}

export interface VasOffer {
  adId: string;
  listId: number;
  title: string;
  status: string;
  /** realEstate, vehicles, other. */
  group: string;
  isShop: boolean;
  shopDiscountPercent: number;
  shopMultiplier: number;
  eligible: boolean;
  /** An error code (PACK_REQUIRES_IMAGE, AD_OPERATION_NOT_ALLOWED) when not eligible. */
  ineligibleReason: string | null;
  packs: VasPack[];
  methods: VasMethod[];
  slots: { earliestDate: string; latestDate: string; parts: SlotPart[] };
  balances: Balances;
  lastAppliedVasPack: { name: string; startDate: string; endDate: string } | null;
}

export interface VasPackOrderInput {
  adId: string;
  packId: string;
  slotDate: string;
  slotPart: string;
  method: string;
}

const AMOUNT = 'centimes withCurrency';
const FULL_AMOUNT = 'centimes withCurrency withoutCurrency';
/** The insertion fee's order as the insertion checkout reads it: its code, or its card page. */
const INSERTION_ORDER = `id code method status fee { ${AMOUNT} } extraFee { ${AMOUNT} } total { ${AMOUNT} } adId listId adTitle createdAt expiresAt paidAt redirectUrl`;
/** An order with everything docs/payments.md's PaymentOrder fragment names. */
const ORDER = `${INSERTION_ORDER} purpose packId packKind durationDays slotDate slotPart packStart packEnd
  failure invoiceNumber invoiceUrl`;
const BALANCES = 'points { count expiryDate expired } tokens { count }';

export const GET_VAS_PACKS = `query getVasPacks($adId: String!) {
  getVasPacks(adId: $adId) {
    adId listId title status group isShop shopDiscountPercent shopMultiplier eligible ineligibleReason
    packs { id kind durationDays price { ${FULL_AMOUNT} } listPrice { ${FULL_AMOUNT} } pricePerDay { ${FULL_AMOUNT} }
            viewMultiplier expectedReach points tokens }
    methods { method available offline extraFee { ${FULL_AMOUNT} } }
    slots { earliestDate latestDate parts { id from to earliestDate } }
    balances { ${BALANCES} }
    lastAppliedVasPack { name startDate endDate }
  }
}`;

// The input object is written out from its fields, so that the mutation does not depend on the
// name of the schema's input type (docs/payments.md says VasPackOrderInput).
export const ORDER_VAS_PACK = `mutation orderVasPack($adId: String!, $packId: String!, $slotDate: String!, $slotPart: String!, $method: String!) {
  orderVasPack(input: { adId: $adId, packId: $packId, slotDate: $slotDate, slotPart: $slotPart, method: $method }) { ${ORDER} }
}`;
export const GET_MY_PAYMENT_ORDER = `query getMyPaymentOrder($id: String!) { getMyPaymentOrder(id: $id) { ${ORDER} } }`;
export const GET_MY_PAYMENT_ORDERS = `query getMyPaymentOrders($page: Int, $size: Int) {
  getMyPaymentOrders(page: $page, size: $size) { orders { ${ORDER} } count }
}`;
export const GET_MY_BALANCES = `query getMyBalances { getMyBalances { ${BALANCES} } }`;

export const GET_MY_AD_INSERTION_FEE = `query getMyAdInsertionFee($adId: String!) {
  getMyAdInsertionFee(adId: $adId) {
    adId listId title status due fee { ${AMOUNT} }
    methods { method available offline extraFee { ${AMOUNT} } total { ${AMOUNT} } }
    openOrder { ${INSERTION_ORDER} }
  }
}`;

export const ORDER_AD_PAYMENT = `mutation orderAdPayment($adId: String!, $method: String!) {
  orderAdPayment(adId: $adId, method: $method) { ${INSERTION_ORDER} }
}`;

export const paymentsApi = api
  .enhanceEndpoints({ addTagTypes: ['InsertionFee', 'MyAds', 'Ad', 'VasPacks', 'PaymentOrders', 'Balances'] })
  .injectEndpoints({
  endpoints: (build) => ({
    getMyAdInsertionFee: build.query<AdInsertionFee, { adId: string }>({
      query: (variables) => ({ document: GET_MY_AD_INSERTION_FEE, variables }),
      transformResponse: (data: { getMyAdInsertionFee: AdInsertionFee }) => data.getMyAdInsertionFee,
      providesTags: ['InsertionFee'],
    }),
    orderAdPayment: build.mutation<PaymentOrder, { adId: string; method: string }>({
      query: (variables) => ({ document: ORDER_AD_PAYMENT, variables }),
      transformResponse: (data: { orderAdPayment: PaymentOrder }) => data.orderAdPayment,
      invalidatesTags: ['InsertionFee', 'PaymentOrders'],
    }),
    getVasPacks: build.query<VasOffer, { adId: string }>({
      query: (variables) => ({ document: GET_VAS_PACKS, variables }),
      transformResponse: (data: { getVasPacks: VasOffer }) => data.getVasPacks,
      providesTags: ['VasPacks'],
    }),
    orderVasPack: build.mutation<PaymentOrder, VasPackOrderInput>({
      query: (input) => ({ document: ORDER_VAS_PACK, variables: { ...input } }),
      transformResponse: (data: { orderVasPack: PaymentOrder }) => data.orderVasPack,
      // A balance may have been debited, and the order joins my payments.
      invalidatesTags: ['VasPacks', 'PaymentOrders', 'Balances'],
    }),
    getMyPaymentOrder: build.query<PaymentOrder, { id: string }>({
      query: (variables) => ({ document: GET_MY_PAYMENT_ORDER, variables }),
      transformResponse: (data: { getMyPaymentOrder: PaymentOrder }) => data.getMyPaymentOrder,
      providesTags: ['PaymentOrders'],
    }),
    getMyPaymentOrders: build.query<{ orders: PaymentOrder[]; count: number }, { page: number; size: number }>({
      query: (variables) => ({ document: GET_MY_PAYMENT_ORDERS, variables }),
      transformResponse: (data: { getMyPaymentOrders: { orders: PaymentOrder[]; count: number } }) => data.getMyPaymentOrders,
      providesTags: ['PaymentOrders'],
    }),
    getMyBalances: build.query<Balances, undefined>({
      query: () => ({ document: GET_MY_BALANCES, variables: {} }),
      transformResponse: (data: { getMyBalances: Balances }) => data.getMyBalances,
      providesTags: ['Balances'],
    }),
  }),
});

export const {
  useGetMyAdInsertionFeeQuery,
  useOrderAdPaymentMutation,
  useGetVasPacksQuery,
  useOrderVasPackMutation,
  useGetMyPaymentOrderQuery,
  useGetMyPaymentOrdersQuery,
  useGetMyBalancesQuery,
} = paymentsApi;

/** Offline methods pay with a code (an agency, an SMS, the bank's app); the balances at once. */
export const CODE_METHODS = ['fatourati', 'cashPlus', 'tasshilat', 'sms', 'bankingApp'] as const;
export const BALANCE_METHODS = ['avitoken', 'points'] as const;

export function paysWithCode(method: string): boolean {
  return (CODE_METHODS as readonly string[]).includes(method);
}

/** A failed order: refused (`failure`) while not paid, or its code expired. */
export function orderFailed(order: PaymentOrder): boolean {
  return order.status === 'expired' || (order.status !== 'paid' && order.status !== 'refunded' && (order.failure ?? null) !== null);
}

/** The payment code as read out at a counter: `123 456 7890`. */
export function groupedCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}` : code;
}
