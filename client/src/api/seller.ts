// The seller centre of an e-commerce shop (docs/api.md "Seller centre, checkout and sale orders"):
// its products (list, counts, one product, insert, edit and the status operations), its sale
// orders (list, counts per status, the workflow actions prepare, cancel, delete, ship, deliver,
// return), the seller banner's summary, its payments and the home-delivery requests it received.
// Every operation needs `seller.my-products` in the token's allowedAccess (else
// ECOMMERCE_ROLE_REQUIRED). Mutations never retry: an action repeated by the network would act
// twice. Imported only by the seller centre's lazy pages and its live alerts.

import { api } from './baseApi';
import type { StatusCount } from './ads';

/** An amount in centimes with its DH wording ("1 262 DH", "99,50 DH"). */
export interface Money {
  centimes: number;
  withCurrency: string;
  withoutCurrency: string;
}

export const PRODUCT_STATUSES = ['active', 'outOfStock', 'deactivated'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export type DiscountKind = 'percent' | 'amount';

export interface ProductDiscount {
  kind: DiscountKind;
  /** A percentage (1 to 90) or whole DH. */
  value: number;
}

export interface ProductImage {
  /** What an edit sends back in `mediaIds` to keep the photo (asked by getMyProduct only). */
  mediaId?: string;
  thumb: string;
  medium: string;
  large: string;
}

export interface Product {
  id: string;
  listId: number | null;
  name: string;
  categoryId: number;
  cityId: number;
  description: string;
  images: ProductImage[];
  units: number;
  unitPrice: Money;
  discount: ProductDiscount | null;
  finalPrice: Money;
  reference: string | null;
  boostPack: string | null;
  ordersCount: number;
  /** active, outOfStock, deactivated, deleted. */
  status: string;
  createdAt: string;
  updatedAt: string;
  /** What the status allows: edit, activate, deactivate, delete, adjustStock, applyDiscount, boost. */
  allowedActions: string[];
}

export interface ProductsPage {
  products: Product[];
  count: number;
}

export interface ProductInput {
  name: string;
  categoryId: number;
  cityId: number;
  description: string;
  mediaIds: string[];
  units: number;
  /** Whole DH. */
  unitPrice: number;
  discount: ProductDiscount | null;
  reference: string | null;
  boostPack: string | null;
}

/** Seller-centre order statuses (spec §4), as the filters name them. */
export const SALE_ORDER_STATUSES = ['pending', 'readyForDelivery', 'delivering', 'delivered', 'cancelled', 'returned'] as const;
export type SaleOrderStatus = (typeof SALE_ORDER_STATUSES)[number];

/** The workflow actions of a sale order, in the order the table offers them. */
export const ORDER_ACTIONS = ['prepare', 'ship', 'deliver', 'return', 'cancel', 'delete'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface SaleOrder {
  id: string;
  product: { sku: string | null; listId: number | null; name: string; thumbnail: string | null };
  unitsSold: number;
  /** The total with its currency ("1 262 DH"). */
  total: string;
  amount: Money;
  /** PENDING, READY, DELIVERING, DELIVERED, CANCELLED, RETURNED. */
  status: string;
  buyerStatus: string;
  /** ISO 8601. */
  date: string;
  paymentMethod: string;
  commission: Money | null;
  paymentStatus: string | null;
  late: boolean;
  buyer: { fullName: string; email: string | null; phone: string; address: string; city: string | null } | null;
  allowedActions: string[];
}

export interface SaleOrdersPage {
  orders: SaleOrder[];
  count: number;
}

export interface OrderUpdate {
  id: string;
  status: string;
  buyerStatus: string;
  deleted: boolean;
}

export interface SellerSummary {
  points: number;
  ordersCount: number;
  itemsCount: number;
  due: Money;
  unpaid: Money;
  /** ISO date. */
  nextTransferDate: string | null;
  commissionPercent: number;
}

export interface SellerPayment {
  orderId: string;
  productName: string;
  total: Money;
  commission: Money;
  net: Money;
  /** pending, ongoing, paid, refunded. */
  paymentStatus: string;
  date: string;
}

export interface SellerPaymentsPage {
  payments: SellerPayment[];
  count: number;
  due: Money;
  unpaid: Money;
  nextTransferDate: string | null;
}

export interface DeliveryRequestNode {
  id: string;
  listId: number;
  adTitle: string;
  firstName: string;
  email: string;
  phone: string;
  city: string | null;
  /** The schema answers the area's id (docs/api.md names `area`). */
  areaId: number | null;
  address: string;
  createdAt: string;
  callbackBefore: string;
}

/** Spec §9: "a constant of 8 in seller centre" — the products and orders page size. */
export const SELLER_PAGE_SIZE = 8;

const MONEY = 'centimes withCurrency withoutCurrency';
const PRODUCT = `id listId name categoryId cityId description images { thumb medium large }
  units unitPrice { ${MONEY} } discount { kind value } finalPrice { ${MONEY} } reference
  boostPack ordersCount status createdAt updatedAt allowedActions`;
const SALE_ORDER = `id product { sku listId name thumbnail } unitsSold total amount { ${MONEY} } status
  buyerStatus date paymentMethod commission { ${MONEY} } paymentStatus late
  buyer { fullName email phone address city } allowedActions`;
const ORDER_UPDATE = 'id status buyerStatus deleted';

export const GET_MY_PRODUCTS = `query getMyProducts($query: ProductsQuery!) {
  getMyProducts(query: $query) { products { ${PRODUCT} } count }
}`;
export const GET_MY_PRODUCTS_COUNTS = `query getMyProductsCounts { getMyProductsCounts { status count } }`;
// The form edits the photos: it needs their media ids (docs/api.md lists thumb, medium, large;
// the ad's image type, which products share, has mediaId too).
export const GET_MY_PRODUCT = `query getMyProduct($id: String!) {
  getMyProduct(id: $id) { ${PRODUCT.replace('images { thumb', 'images { mediaId thumb')} }
}`;
export const INSERT_PRODUCT = `mutation insertProduct($input: ProductInput!) { insertProduct(input: $input) { ${PRODUCT} } }`;
export const EDIT_PRODUCT = `mutation editProduct($id: String!, $input: ProductInput!) { editProduct(id: $id, input: $input) { ${PRODUCT} } }`;
export const ACTIVATE_PRODUCT = `mutation activateProduct($id: String!) { activateProduct(id: $id) { ${PRODUCT} } }`;
export const DEACTIVATE_PRODUCT = `mutation deactivateProduct($id: String!) { deactivateProduct(id: $id) { ${PRODUCT} } }`;
export const DELETE_PRODUCT = `mutation deleteProduct($id: String!) { deleteProduct(id: $id) { ${PRODUCT} } }`;
export const ADJUST_PRODUCT_STOCK = `mutation adjustProductStock($id: String!, $units: Int!) {
  adjustProductStock(id: $id, units: $units) { ${PRODUCT} }
}`;
export const APPLY_PRODUCT_DISCOUNT = `mutation applyProductDiscount($id: String!, $discount: ProductDiscountInput) {
  applyProductDiscount(id: $id, discount: $discount) { ${PRODUCT} }
}`;
export const GET_MY_SALE_ORDERS = `query getMySaleOrders($query: SaleOrdersQuery!) {
  getMySaleOrders(query: $query) { orders { ${SALE_ORDER} } count }
}`;
export const GET_MY_SALE_ORDERS_COUNTS = `query getMySaleOrdersCounts { getMySaleOrdersCounts { countsByStatus { status count } } }`;
export const GET_MY_SELLER_SUMMARY = `query getMySellerSummary {
  getMySellerSummary { points ordersCount itemsCount due { ${MONEY} } unpaid { ${MONEY} } nextTransferDate commissionPercent }
}`;
export const GET_MY_SELLER_PAYMENTS = `query getMySellerPayments($page: Int, $size: Int) {
  getMySellerPayments(page: $page, size: $size) {
    payments { orderId productName total { ${MONEY} } commission { ${MONEY} } net { ${MONEY} } paymentStatus date }
    count due { ${MONEY} } unpaid { ${MONEY} } nextTransferDate
  }
}`;
export const GET_MY_DELIVERY_REQUESTS = `query getMyDeliveryRequests {
  getMyDeliveryRequests { id listId adTitle firstName email phone city areaId address createdAt callbackBefore }
}`;

/** The document of one order action: `prepareOrder(id)` and its siblings. */
export function orderActionDocument(action: OrderAction): string {
  const field = `${action}Order`;
  return `mutation ${field}($id: String!) { ${field}(id: $id) { ${ORDER_UPDATE} } }`;
}

const NO_RETRY = { retry: false } as const;

/** The answer of a mutation whose root field is named at run time. */
function field<T>(data: Record<string, T>, name: string): T {
  const value = data[name];
  if (value === undefined) throw new Error(`the answer has no ${name}`);
  return value;
}

export interface ListArgs {
  /** Absent: every status (products: all but deleted). */
  status?: string;
  page: number;
  size?: number;
}

const SELLER_TAGS = ['Products', 'SaleOrders', 'SellerSummary', 'SellerPayments', 'DeliveryRequests', 'Ad'] as const;
// The whole seller centre changes together: an order moves stock (products), counts, the banner
// and the payments; a product operation changes the banner's items and the public ad.
const PRODUCT_CHANGED = ['Products', 'SellerSummary', 'Ad'] as const;
const ORDER_CHANGED = ['SaleOrders', 'Products', 'SellerSummary', 'SellerPayments'] as const;

function productMutation(document: string, name: string) {
  return {
    query: (variables: Record<string, unknown>) => ({ document, variables }),
    transformResponse: (data: Record<string, Product>) => field(data, name),
    invalidatesTags: [...PRODUCT_CHANGED],
    extraOptions: NO_RETRY,
  };
}

export const sellerApi = api.enhanceEndpoints({ addTagTypes: [...SELLER_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    getMyProducts: build.query<ProductsPage, ListArgs>({
      query: ({ status, page, size = SELLER_PAGE_SIZE }) => ({
        document: GET_MY_PRODUCTS,
        variables: { query: { filters: { status: status ?? null }, page: { number: page, size } } },
      }),
      transformResponse: (data: { getMyProducts: ProductsPage }) => data.getMyProducts,
      providesTags: ['Products'],
    }),
    getMyProductsCounts: build.query<StatusCount[], undefined>({
      query: () => ({ document: GET_MY_PRODUCTS_COUNTS, variables: {} }),
      transformResponse: (data: { getMyProductsCounts: StatusCount[] }) => data.getMyProductsCounts,
      providesTags: ['Products'],
    }),
    getMyProduct: build.query<Product, { id: string }>({
      query: (variables) => ({ document: GET_MY_PRODUCT, variables }),
      transformResponse: (data: { getMyProduct: Product }) => data.getMyProduct,
      providesTags: ['Products'],
    }),
    insertProduct: build.mutation<Product, { input: ProductInput }>(productMutation(INSERT_PRODUCT, 'insertProduct')),
    editProduct: build.mutation<Product, { id: string; input: ProductInput }>(productMutation(EDIT_PRODUCT, 'editProduct')),
    activateProduct: build.mutation<Product, { id: string }>(productMutation(ACTIVATE_PRODUCT, 'activateProduct')),
    deactivateProduct: build.mutation<Product, { id: string }>(productMutation(DEACTIVATE_PRODUCT, 'deactivateProduct')),
    deleteProduct: build.mutation<Product, { id: string }>(productMutation(DELETE_PRODUCT, 'deleteProduct')),
    adjustProductStock: build.mutation<Product, { id: string; units: number }>(productMutation(ADJUST_PRODUCT_STOCK, 'adjustProductStock')),
    applyProductDiscount: build.mutation<Product, { id: string; discount: ProductDiscount | null }>(
      productMutation(APPLY_PRODUCT_DISCOUNT, 'applyProductDiscount'),
    ),
    getMySaleOrders: build.query<SaleOrdersPage, ListArgs>({
      query: ({ status, page, size = SELLER_PAGE_SIZE }) => ({
        document: GET_MY_SALE_ORDERS,
        variables: { query: { filters: { status: status ?? null }, page: { number: page, size } } },
      }),
      transformResponse: (data: { getMySaleOrders: SaleOrdersPage }) => data.getMySaleOrders,
      providesTags: ['SaleOrders'],
    }),
    getMySaleOrdersCounts: build.query<StatusCount[], undefined>({
      query: () => ({ document: GET_MY_SALE_ORDERS_COUNTS, variables: {} }),
      transformResponse: (data: { getMySaleOrdersCounts: { countsByStatus: StatusCount[] } }) => data.getMySaleOrdersCounts.countsByStatus,
      providesTags: ['SaleOrders'],
    }),
    orderAction: build.mutation<OrderUpdate, { action: OrderAction; id: string }>({
      query: ({ action, id }) => ({ document: orderActionDocument(action), variables: { id } }),
      transformResponse: (data: Record<string, OrderUpdate>, _meta, { action }) => field(data, `${action}Order`),
      invalidatesTags: [...ORDER_CHANGED],
      extraOptions: NO_RETRY,
    }),
    getMySellerSummary: build.query<SellerSummary, undefined>({
      query: () => ({ document: GET_MY_SELLER_SUMMARY, variables: {} }),
      transformResponse: (data: { getMySellerSummary: SellerSummary }) => data.getMySellerSummary,
      providesTags: ['SellerSummary'],
    }),
    getMySellerPayments: build.query<SellerPaymentsPage, { page: number; size: number }>({
      query: (variables) => ({ document: GET_MY_SELLER_PAYMENTS, variables }),
      transformResponse: (data: { getMySellerPayments: SellerPaymentsPage }) => data.getMySellerPayments,
      providesTags: ['SellerPayments'],
    }),
    getMyDeliveryRequests: build.query<DeliveryRequestNode[], undefined>({
      query: () => ({ document: GET_MY_DELIVERY_REQUESTS, variables: {} }),
      transformResponse: (data: { getMyDeliveryRequests: DeliveryRequestNode[] }) => data.getMyDeliveryRequests,
      providesTags: ['DeliveryRequests'],
    }),
  }),
});

export const {
  useGetMyProductsQuery,
  useGetMyProductsCountsQuery,
  useGetMyProductQuery,
  useInsertProductMutation,
  useEditProductMutation,
  useActivateProductMutation,
  useDeactivateProductMutation,
  useDeleteProductMutation,
  useAdjustProductStockMutation,
  useApplyProductDiscountMutation,
  useGetMySaleOrdersQuery,
  useGetMySaleOrdersCountsQuery,
  useOrderActionMutation,
  useGetMySellerSummaryQuery,
  useGetMySellerPaymentsQuery,
  useGetMyDeliveryRequestsQuery,
} = sellerApi;

/** The seller status of a server's status word, whatever its case (PENDING, READY, readyForDelivery...). */
export function saleOrderStatusOf(status: string): SaleOrderStatus | undefined {
  const key = status.toLowerCase();
  if (key === 'ready' || key === 'readyfordelivery') return 'readyForDelivery';
  if (key === 'canceled') return 'cancelled';
  return SALE_ORDER_STATUSES.find((known) => known.toLowerCase() === key);
}

export function isOrderAction(value: string): value is OrderAction {
  return (ORDER_ACTIONS as readonly string[]).includes(value);
}
