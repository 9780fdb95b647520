// The paths of the spec §2 routes the client links to, and the language prefix in front of
// them. One place, so that a route that moves changes here only.

import type { Language } from './language';

export const PATHS = {
  home: '/',
  account: '/account',
  signIn: '/account/signin',
  shopSignIn: '/account/shop/signin',
  signUp: '/account/signup',
  resetPassword: '/account/reset-password',
  myAds: '/account/v2/my-ads',
  myFavorites: '/account/v2/my-favorites',
  // The rest of the account area (spec §2 route keys account.*).
  myOrders: '/account/v2/my-orders',
  stats: '/account/v2/stats',
  settings: '/account/v2/settings',
  settingsProfile: '/account/v2/settings/profile',
  settingsContact: '/account/v2/settings/contact',
  settingsPassword: '/account/v2/settings/password',
  settingsNotification: '/account/v2/settings/notification',
  // My payments: the boosts and insertion fees paid, with their invoices (issue 24).
  myPayments: '/account/v2/my-payments',
  adInsert: '/ad/insert/1',
  messages: '/messages',
  messagesChat: '/messages/chat',
  // The insertion-fee payment and the boost of an ad (spec §2 /checkout, /payment/success,
  // /payment/failure; the boost is /checkout/boost?ad=).
  checkout: '/checkout',
  boost: '/checkout/boost',
  paymentSuccess: '/payment/success',
  paymentFailure: '/payment/failure',
  // The seller centre (spec §2 route keys seller.*, its settings tab, the product form: insert,
  // and edit as /product/edit/{id}; /product/edit?id= redirects there).
  sellerProducts: '/account/seller/my-products',
  sellerOrders: '/account/seller/my-orders',
  sellerPayments: '/account/seller/my-payments',
  sellerSettings: '/account/seller/settings',
  productInsert: '/product/insert',
  productEdit: '/product/edit',
  // The e-commerce checkout of a product (spec §2 /ecom/checkout?listId=&quantity=).
  ecomCheckout: '/ecom/checkout',
  // The legal pages linked from the footer (issue 26).
  terms: '/conditions-utilisation',
  privacy: '/confidentialite',
  // The admins' moderation desk and abuse reports (issue 26, docs/moderation.md); /admin opens the desk.
  adminModeration: '/admin/moderation',
  adminReports: '/admin/reports',
  // The admins' list of pre-approved credit requests (issue 25, docs/credit.md).
  adminCredit: '/admin/credit',
  // The car valuation (issue 25, docs/valuation.md): landing, steps, sign-in, my estimations and
  // one estimation (/mes-estimations/details/{id}).
  valuation: '/cotation-voiture',
  valuationSteps: '/estimation',
  valuationSignIn: '/connexion',
  myValuations: '/mes-estimations',
  valuationDetails: '/mes-estimations/details',
} as const;

/** Spec §2 route keys, every one the spec names, with their paths (without language prefix). */
export const ROUTE_KEYS = {
  'home-page': PATHS.home,
  'account.my-ads': PATHS.myAds,
  'account.my-orders': PATHS.myOrders,
  'account.my-favorites': PATHS.myFavorites,
  'account.settings': PATHS.settingsProfile,
  'account.settings.password': PATHS.settingsPassword,
  'account.settings.notification': PATHS.settingsNotification,
  'account.settings.contact': PATHS.settingsContact,
  'account.stats': PATHS.stats,
  'messaging.chat': PATHS.messagesChat,
  'seller.my-products': PATHS.sellerProducts,
  'seller.my-orders': PATHS.sellerOrders,
  'seller.my-payments': PATHS.sellerPayments,
} as const;

export type RouteKey = keyof typeof ROUTE_KEYS;

/**
 * The query a route key takes: spec §2 names `status` and `page` for account.my-ads, and the
 * account and seller-centre tabs change them too.
 */
export interface RouteQuery {
  status?: string;
  page?: number;
}

/**
 * The address of a route key: its path, with the language prefix when `language` is given
 * (`/ar/account/v2/my-ads`; the home page is `/ar`) and the query (`?status=ACTIVE&page=2`).
 */
export function routePath(key: RouteKey, language?: Language, query: RouteQuery = {}): string {
  const path = ROUTE_KEYS[key];
  const params = new URLSearchParams();
  if (query.status !== undefined) params.set('status', query.status);
  if (query.page !== undefined) params.set('page', String(query.page));
  const search = params.toString();
  return `${language ? localized(language, path) : path}${search ? `?${search}` : ''}`;
}

/** `/fr/account/signin` from `fr` and `/account/signin`; the home page is `/fr`. */
export function localized(language: Language, path: string): string {
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The query parameter that carries where to go back after signing in. */
export const NEXT_PARAM = 'next';

/**
 * A `next` value is followed only when it is a path of this site (`/…`, not `//host` or a
 * full URL), so that a crafted link cannot send a person elsewhere after sign-in.
 */
export function safeNext(value: string | null): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
