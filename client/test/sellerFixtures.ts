// The seller centre and checkout in the gateway's shape (docs/api.md "Seller centre, checkout
// and sale orders"): sale orders, products, the seller summary, payments, a checkout quote; and
// signing in as an e-commerce shop (its token opens seller.my-products) or as a private buyer.

import type { CheckoutQuote } from '../src/api/checkout';
import type { Money, Product, SaleOrder, SellerPaymentsPage, SellerSummary } from '../src/api/seller';
import { accessTokenFor } from './fixtures';

export function money(dh: number): Money {
  // As the server writes it: groups of three digits with spaces ("1 262 DH").
  const text = String(dh).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return { centimes: dh * 100, withCurrency: `${text} DH`, withoutCurrency: text };
}

const ALLOWED: Record<string, string[]> = {
  PENDING: ['prepare', 'cancel', 'delete'],
  READY: ['ship', 'cancel'],
  DELIVERING: ['deliver', 'return'],
};

const BUYER_STATUS: Record<string, string> = {
  PENDING: 'initiated',
  READY: 'preparing',
  DELIVERING: 'delivering',
  DELIVERED: 'delivered',
  CANCELLED: 'cancelled',
  RETURNED: 'returned',
};

export function saleOrder(id: string, overrides: Partial<SaleOrder> = {}): SaleOrder {
  const status = overrides.status ?? 'PENDING';
  return {
    id,
    product: { sku: 'TAJ-01', listId: 10000001, name: 'Tajine en terre cuite', thumbnail: '/media/t1.jpg' },
    unitsSold: 2,
    total: '450 DH',
    amount: money(450),
    status,
    buyerStatus: BUYER_STATUS[status] ?? 'initiated',
    date: '2026-05-29T08:26:40Z',
    paymentMethod: 'cod',
    commission: money(40),
    paymentStatus: 'pending',
    late: false,
    buyer: { fullName: 'Salma Bennani', email: 'salma@example.ma', phone: '0612345678', address: '12 rue Atlas', city: 'Casablanca' },
    allowedActions: ALLOWED[status] ?? [],
    ...overrides,
  };
}

export function counts(byStatus: Record<string, number>) {
  return { countsByStatus: Object.entries(byStatus).map(([status, count]) => ({ status, count })) };
}

export function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    listId: 10000001,
    name: 'Tajine en terre cuite',
    categoryId: 5010,
    cityId: 1,
    description: 'Tajine fait main à Safi.',
    images: [{ mediaId: 'ads/p1/large.jpg', thumb: '/t1.jpg', medium: '/m1.jpg', large: '/l1.jpg' }],
    units: 12,
    unitPrice: money(250),
    discount: { kind: 'percent', value: 10 },
    finalPrice: money(225),
    reference: 'TAJ-01',
    boostPack: null,
    ordersCount: 3,
    status: 'active',
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    allowedActions: ['edit', 'deactivate', 'delete', 'adjustStock', 'applyDiscount', 'boost'],
    ...overrides,
  };
}

export function sellerSummary(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    points: 120,
    ordersCount: 14,
    itemsCount: 31,
    due: money(1262),
    unpaid: money(450),
    nextTransferDate: '2026-06-01',
    commissionPercent: 8,
    ...overrides,
  };
}

export function sellerPayments(): SellerPaymentsPage {
  return {
    payments: [
      { orderId: '41', productName: 'Tajine en terre cuite', total: money(450), commission: money(36), net: money(414), paymentStatus: 'ongoing', date: '2026-05-29T08:26:40Z' },
    ],
    count: 1,
    due: money(414),
    unpaid: money(0),
    nextTransferDate: '2026-06-01',
  };
}

export function checkoutQuote(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  const quantity = overrides.quantity ?? 1;
  return {
    product: { id: 'p1', listId: 10000001, name: 'Tajine en terre cuite', thumbnail: '/t1.jpg', sellerName: 'Poterie de Safi', units: 5, status: 'active' },
    quantity,
    unitPrice: money(250),
    discount: money(25),
    subtotal: money(225 * quantity),
    deliveryFee: money(30),
    total: money(225 * quantity + 30),
    maxQuantity: 5,
    paymentMethods: ['cod'],
    savedDetails: null,
    ...overrides,
  };
}

/** Signs in an e-commerce shop owner (the token's allowedAccess opens the seller centre). */
export function signInSeller(): void {
  document.cookie = `souk_token=${accessTokenFor({
    accountId: 9,
    name: 'Poterie de Safi',
    roles: ['ROLE_ECOMMERCE_STORE_OWNER'],
    allowedAccess: ['shop.profile', 'shop.stats', 'shop.contact', 'seller.my-products', 'seller.my-orders', 'seller.my-payments'],
    storeId: 3,
  })}; Path=/`;
}

/** Signs in a private account (a buyer). */
export function signInBuyer(): void {
  document.cookie = `souk_token=${accessTokenFor({ accountId: 42 })}; Path=/`;
}

/** Signs in a shop without the e-commerce role. */
export function signInShop(): void {
  document.cookie = `souk_token=${accessTokenFor({ accountId: 11, roles: ['ROLE_STORE_OWNER'], allowedAccess: ['shop.profile'], storeId: 4 })}; Path=/`;
}

/** A matchMedia that answers the mobile query (spec §9: below 728 px) as a phone or a desktop would. */
export function viewport(kind: 'phone' | 'desktop'): void {
  const matches = kind === 'phone';
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) =>
      ({
        media: query,
        matches,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  });
}

/** The item at `index`, failing the test when there is none. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${String(index)}`);
  return item;
}
