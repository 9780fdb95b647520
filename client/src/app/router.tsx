// The route table (spec §2), each route reachable with or without an fr|ar prefix: home,
// vertical homes, search listings, the ad view, the shop directory and shop pages, account
// entry (sign-in, shop sign-in, sign-up, password reset, the account page), my ads and
// favorites, the ad form, the payment pages (checkout, boost, success, failure, my payments), the seller centre
// (products, orders, payments, settings, the product form), the e-commerce checkout, the legal pages (terms, privacy), the
// admins' moderation desk and abuse reports, the car valuation (landing, steps, sign-in, my estimations), and 404. Pages are loaded on demand (React.lazy) inside the layout's
// Suspense. The spec's other addresses of these pages (the ad form without a step, /ad?id=,
// /v2/search, /list, /li, /deeplink/view/{id}, /magasin, /boutique, the ad operation links)
// redirect to them. ROUTE_KEYS
// (app/paths.ts) names every spec §2 route key with its path.

import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { LazyListingPage as ListingPage } from '../features/listing/LazyListingPage';
import { RequireValuationSignIn, ValuationSignIn } from '../features/valuation/ValuationSignIn';
import { LANGUAGES } from './language';
import { lazyPage } from './lazyPage';
import { Layout } from './Layout';
import { PATHS } from './paths';

// The pages the server may have drawn first (firstPage.ts preloads them).
export const HomePage = lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const VerticalHomePage = lazy(() => import(/* webpackChunkName: "vertical" */ '../features/vertical/VerticalHomePage'));
const LegalPage = lazy(() => import(/* webpackChunkName: "legal" */ '../features/legal/LegalPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage'));
const PrivateSignInPage = lazy(() =>
  import(/* webpackChunkName: "signin" */ '../features/account/SignInPage').then((m) => ({ default: m.PrivateSignInPage })),
);
const ShopSignInPage = lazy(() =>
  import(/* webpackChunkName: "signin" */ '../features/account/SignInPage').then((m) => ({ default: m.ShopSignInPage })),
);
const SignUpPage = lazy(() => import(/* webpackChunkName: "signup" */ '../features/account/SignUpPage'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ '../features/account/ResetPasswordPage'));
export const AdViewPage = lazyPage(() => import(/* webpackChunkName: "ad-view" */ '../features/ad-view/AdViewPage'));
const MyAdsPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/my-ads/MyAdsPage'));
const FavoritesPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/my-ads/FavoritesPage'));
const AdFormPage = lazy(() => import(/* webpackChunkName: "ad-form" */ '../features/ad-form/AdFormPage'));
const ShopDirectoryPage = lazy(() => import(/* webpackChunkName: "shops" */ '../features/shops/ShopDirectoryPage'));
const ShopPage = lazy(() => import(/* webpackChunkName: "shops" */ '../features/shops/ShopPage'));
const ConversationsPage = lazy(() => import(/* webpackChunkName: "messaging" */ '../features/messaging/ConversationsPage'));
const ChatPage = lazy(() => import(/* webpackChunkName: "messaging" */ '../features/messaging/ChatPage'));
// /v2/search builds a listing path: it loads with the listing's code.
const SearchRedirect = lazy(() => import(/* webpackChunkName: "listing" */ '../features/listing/SearchRedirect'));
// /list and /li name the listing by catalogue ids: they load with the listing's code too.
const ListAliasRedirect = lazy(() => import(/* webpackChunkName: "listing" */ '../features/listing/ListAliasRedirect'));
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'));
// The rest of the account area (issue 9): statistics, settings, orders.
const StatsPage = lazy(() => import(/* webpackChunkName: "stats" */ '../features/stats/StatsPage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/account-area/SettingsPage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/account-area/OrdersPage'));
// The payments: the insertion-fee checkout, the boost, success, failure, my payments.
const CheckoutPage = lazy(() => import(/* webpackChunkName: "payment" */ '../features/payment/CheckoutPage'));
const PaymentSuccessPage = lazy(() =>
  import(/* webpackChunkName: "payment" */ '../features/payment/PaymentResultPage').then((m) => ({ default: m.PaymentSuccessPage })),
);
const BoostPage = lazy(() => import(/* webpackChunkName: "payment" */ '../features/payment/BoostPage'));
const MyPaymentsPage = lazy(() => import(/* webpackChunkName: "payment" */ '../features/payment/MyPaymentsPage'));
const PaymentFailurePage = lazy(() =>
  import(/* webpackChunkName: "payment" */ '../features/payment/PaymentResultPage').then((m) => ({ default: m.PaymentFailurePage })),
);
// The seller centre (issue 23): its tabs, the product form, and the e-commerce checkout.
const SellerProductsPage = lazy(() => import(/* webpackChunkName: "seller" */ '../features/seller/ProductsPage'));
const SaleOrdersPage = lazy(() => import(/* webpackChunkName: "seller" */ '../features/seller/SaleOrdersPage'));
const SellerPaymentsPage = lazy(() => import(/* webpackChunkName: "seller" */ '../features/seller/PaymentsPage'));
const SellerSettingsPage = lazy(() => import(/* webpackChunkName: "seller" */ '../features/seller/SellerSettingsPage'));
const ProductFormPage = lazy(() => import(/* webpackChunkName: "seller-product" */ '../features/seller/ProductFormPage'));
const EcomCheckoutPage = lazy(() => import(/* webpackChunkName: "ecom-checkout" */ '../features/ecommerce/EcomCheckoutPage'));
// The admins' moderation desk and abuse reports (issue 26): one chunk, loaded by admins only.
const ModerationDeskPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/admin/ModerationDeskPage'));
const AbuseReportsPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/admin/AbuseReportsPage'));
const CreditRequestsPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/credit/CreditRequestsPage'));
// The car valuation (issue 25): one chunk.
const ValuationLandingPage = lazy(() => import(/* webpackChunkName: "valuation" */ '../features/valuation/ValuationLandingPage'));
const ValuationStepsPage = lazy(() => import(/* webpackChunkName: "valuation" */ '../features/valuation/ValuationStepsPage'));
const MyValuationsPage = lazy(() => import(/* webpackChunkName: "valuation" */ '../features/valuation/MyValuationsPage').then((m) => ({ default: m.MyValuationsPage })));
const ValuationDetailsPage = lazy(() =>
  import(/* webpackChunkName: "valuation" */ '../features/valuation/MyValuationsPage').then((m) => ({ default: m.ValuationDetailsPage })),
);

/**
 * The car valuation's routes (spec §1): /cotation-voiture (landing), /estimation (the steps),
 * /connexion (sign-in, back to the steps), /mes-estimations/{o?} and
 * /mes-estimations/details/{id?}. The steps and the estimations need a signed-in person.
 */
function valuationRoutes(): RouteObject[] {
  const signedIn = (page: ReactNode) => <RequireValuationSignIn>{page}</RequireValuationSignIn>;
  return [
    { path: relative(PATHS.valuation), element: <ValuationLandingPage /> },
    { path: relative(PATHS.valuationSteps), element: signedIn(<ValuationStepsPage />) },
    { path: relative(PATHS.valuationSignIn), element: <ValuationSignIn /> },
    { path: relative(PATHS.myValuations), element: signedIn(<MyValuationsPage />) },
    { path: relative(PATHS.valuationDetails), element: signedIn(<ValuationDetailsPage />) },
    { path: `${relative(PATHS.valuationDetails)}/:id`, element: signedIn(<ValuationDetailsPage />) },
    { path: `${relative(PATHS.myValuations)}/:o`, element: signedIn(<MyValuationsPage />) },
  ];
}

/**
 * The seller centre's routes (spec §2 seller.*): /account/seller/{my-products, my-orders,
 * my-payments, settings} (/account/seller opens the orders), /product/insert and
 * /product/edit/{id} (/product/edit?id={id} redirects there); the e-commerce checkout
 * /ecom/checkout?listId=&quantity=. All behind sign-in; the pages tell other accounts that the
 * seller centre is for e-commerce shops.
 */
function sellerRoutes(): RouteObject[] {
  const signedIn = (page: ReactNode) => <RequireSignIn>{page}</RequireSignIn>;
  return [
    { path: relative(PATHS.sellerProducts), element: signedIn(<SellerProductsPage />) },
    { path: relative(PATHS.sellerOrders), element: signedIn(<SaleOrdersPage />) },
    { path: relative(PATHS.sellerPayments), element: signedIn(<SellerPaymentsPage />) },
    { path: relative(PATHS.sellerSettings), element: signedIn(<SellerSettingsPage />) },
    { path: 'account/seller', element: <SellerHomeRedirect /> },
    { path: relative(PATHS.productInsert), element: signedIn(<ProductFormPage />) },
    { path: `${relative(PATHS.productEdit)}/:id`, element: signedIn(<ProductFormPage />) },
    { path: relative(PATHS.productEdit), element: <ProductEditRedirect /> },
    { path: relative(PATHS.ecomCheckout), element: signedIn(<EcomCheckoutPage />) },
  ];
}

/** /account/seller → its orders tab (the tab that works on every screen). */
function SellerHomeRedirect() {
  const prefix = usePrefix();
  return <Navigate to={`${prefix}${relative(PATHS.sellerOrders)}?status=pending&page=1`} replace />;
}

/** /product/edit?id={id} → /product/edit/{id}; without an id, the products. */
function ProductEditRedirect() {
  const { search } = useLocation();
  const prefix = usePrefix();
  const id = new URLSearchParams(search).get('id');
  const to = id ? `${relative(PATHS.productEdit)}/${encodeURIComponent(id)}` : `${relative(PATHS.sellerProducts)}?status=active&page=1`;
  return <Navigate to={`${prefix}${to}`} replace />;
}

/** The account area's routes beyond my ads and favorites, each behind sign-in. */
function accountAreaRoutes(): RouteObject[] {
  const signedIn = (page: ReactNode) => <RequireSignIn>{page}</RequireSignIn>;
  return [
    { path: relative(PATHS.stats), element: signedIn(<StatsPage />) },
    { path: relative(PATHS.myOrders), element: signedIn(<OrdersPage />) },
    { path: relative(PATHS.settings), element: signedIn(<SettingsPage />) },
    { path: `${relative(PATHS.settings)}/:section`, element: signedIn(<SettingsPage />) },
    // The e-mail verification link (sent by the server) names the path without v2.
    { path: 'account/settings/:section', element: <SettingsRedirect /> },
    { path: relative(PATHS.checkout), element: signedIn(<CheckoutPage />) },
    { path: relative(PATHS.boost), element: signedIn(<BoostPage />) },
    { path: relative(PATHS.myPayments), element: signedIn(<MyPaymentsPage />) },
    { path: relative(PATHS.paymentSuccess), element: signedIn(<PaymentSuccessPage />) },
    { path: relative(PATHS.paymentFailure), element: signedIn(<PaymentFailurePage />) },
  ];
}

/**
 * The admin pages: /admin/moderation (the desk) and /admin/reports, behind sign-in; the pages
 * themselves tell anyone but an admin in their own session that they are forbidden. /admin
 * opens the desk.
 */
function adminRoutes(): RouteObject[] {
  const signedIn = (page: ReactNode) => <RequireSignIn>{page}</RequireSignIn>;
  return [
    { path: relative(PATHS.adminModeration), element: signedIn(<ModerationDeskPage />) },
    { path: relative(PATHS.adminReports), element: signedIn(<AbuseReportsPage />) },
    { path: relative(PATHS.adminCredit), element: signedIn(<CreditRequestsPage />) },
    { path: 'admin', element: <AdminHomeRedirect /> },
  ];
}

/** /admin → the moderation desk, in the same language. */
function AdminHomeRedirect() {
  const prefix = usePrefix();
  return <Navigate to={`${prefix}${relative(PATHS.adminModeration)}`} replace />;
}

/** The language prefix of the current path with its slash (`/fr/`, `/ar/`), or `/`. */
function usePrefix(): string {
  const { pathname } = useLocation();
  return /^\/(fr|ar)\//.exec(pathname)?.[0] ?? '/';
}

/** /account/settings/{section}?… → /account/v2/settings/{section}?… in the same language. */
function SettingsRedirect() {
  const { section } = useParams();
  const { search } = useLocation();
  const prefix = usePrefix();
  return <Navigate to={`${prefix}${relative(PATHS.settings)}/${section ?? 'profile'}${search}`} replace />;
}

/** /ad/insert and /ad/edit/{id} without a step → their step 1 (spec §2: the step is optional). */
function FirstStepRedirect() {
  const { adId } = useParams();
  const { search } = useLocation();
  const prefix = usePrefix();
  return <Navigate to={`${prefix}${adId === undefined ? 'ad/insert' : `ad/edit/${encodeURIComponent(adId)}`}/1${search}`} replace />;
}

/**
 * The spec §2 ad operation links → my ads, which opens the operation's modal:
 * /account/ad-operations?action=&adId= keeps both; /account/bulk?action=deactivate|delete
 * (optional adIds=a,b) opens the tab the operation applies to with `bulk=`.
 */
function AdOperationRedirect({ bulk }: { bulk: boolean }) {
  const { search } = useLocation();
  const prefix = usePrefix();
  const params = new URLSearchParams(search);
  const next = new URLSearchParams();
  const action = params.get('action') ?? '';
  if (bulk) {
    next.set('status', params.get('status') ?? (action === 'delete' ? 'DEACTIVATED' : 'ACTIVE'));
    next.set('page', '1');
    next.set('bulk', action);
    const adIds = params.getAll('adIds').concat(params.getAll('adId')).join(',');
    if (adIds) next.set('adIds', adIds);
  } else {
    next.set('action', action);
    next.set('adId', params.get('adId') ?? '');
  }
  return <Navigate to={`${prefix}${relative(PATHS.myAds)}?${next.toString()}`} replace />;
}

/** /ad?id=N (or ?listId=N) → the ad view; anything else is the 404 page. */
function AdQueryRedirect() {
  const { search } = useLocation();
  const prefix = usePrefix();
  const params = new URLSearchParams(search);
  const id = (params.get('id') ?? params.get('listId') ?? '').trim();
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <Navigate to={`${prefix}vi/${id}.htm`} replace />;
}

/**
 * /deeplink/view/{id} (spec §2, the deep link) → the ad view, the query kept, as the server
 * answers it on a full load; an id that is no number is the 404 page, and no id the home page.
 */
function DeepLinkRedirect() {
  const { id } = useParams();
  const { search } = useLocation();
  const prefix = usePrefix();
  if (id === undefined) return <Navigate to={prefix === '/' ? '/' : prefix.slice(0, -1)} replace />;
  if (!/^\d{1,12}$/.test(id)) return <NotFoundPage />;
  return <Navigate to={`${prefix}vi/${id}.htm${search}`} replace />;
}

/** /magasin and /boutique without a name → the shop directory. */
function ShopDirectoryRedirect() {
  const { search } = useLocation();
  const prefix = usePrefix();
  return <Navigate to={`${prefix}boutiques${search}`} replace />;
}

/** Spec §2 route keys with their paths (app/paths.ts). */
export { ROUTE_KEYS } from './paths';

function relative(path: string): string {
  return path.replace(/^\//, '');
}

function pageRoutes(): RouteObject[] {
  return [
    { index: true, element: <HomePage /> },
    { path: 'home', element: <HomePage /> },
    {
      path: relative(PATHS.account),
      element: (
        <RequireSignIn>
          <AccountPage />
        </RequireSignIn>
      ),
    },
    {
      path: relative(PATHS.myAds),
      element: (
        <RequireSignIn>
          <MyAdsPage />
        </RequireSignIn>
      ),
    },
    {
      path: relative(PATHS.myFavorites),
      element: (
        <RequireSignIn>
          <FavoritesPage />
        </RequireSignIn>
      ),
    },
    {
      path: 'ad/insert/:step',
      element: (
        <RequireSignIn>
          <AdFormPage />
        </RequireSignIn>
      ),
    },
    { path: 'ad/insert', element: <FirstStepRedirect /> },
    { path: 'ad/edit/:adId', element: <FirstStepRedirect /> },
    { path: 'ad', element: <AdQueryRedirect /> },
    { path: 'account/ad-operations', element: <AdOperationRedirect bulk={false} /> },
    { path: 'account/bulk', element: <AdOperationRedirect bulk /> },
    { path: 'v2/search', element: <SearchRedirect /> },
    { path: 'list', element: <ListAliasRedirect /> },
    { path: 'li', element: <ListAliasRedirect /> },
    { path: 'deeplink/view', element: <DeepLinkRedirect /> },
    { path: 'deeplink/view/:id', element: <DeepLinkRedirect /> },
    {
      path: 'ad/edit/:adId/:step',
      element: (
        <RequireSignIn>
          <AdFormPage />
        </RequireSignIn>
      ),
    },
    ...accountAreaRoutes(),
    ...sellerRoutes(),
    ...adminRoutes(),
    ...valuationRoutes(),
    {
      path: relative(PATHS.messages),
      element: (
        <RequireSignIn>
          <ConversationsPage />
        </RequireSignIn>
      ),
    },
    {
      path: relative(PATHS.messagesChat),
      element: (
        <RequireSignIn>
          <ChatPage />
        </RequireSignIn>
      ),
    },
    { path: relative(PATHS.signIn), element: <PrivateSignInPage /> },
    { path: relative(PATHS.shopSignIn), element: <ShopSignInPage /> },
    { path: relative(PATHS.signUp), element: <SignUpPage /> },
    { path: relative(PATHS.resetPassword), element: <ResetPasswordPage /> },
    { path: 'boutiques', element: <ShopDirectoryPage /> },
    { path: 'boutiques/:place', element: <ShopDirectoryPage /> },
    { path: 'boutiques/:place/:category', element: <ShopDirectoryPage /> },
    { path: 'boutiques/:place/:category/:keyword', element: <ShopDirectoryPage /> },
    { path: 'boutique', element: <ShopDirectoryRedirect /> },
    { path: 'magasin', element: <ShopDirectoryRedirect /> },
    { path: 'boutique/:name', element: <ShopPage /> },
    { path: 'boutique/:name/:category', element: <ShopPage /> },
    { path: relative(PATHS.terms), element: <LegalPage kind="terms" /> },
    { path: relative(PATHS.privacy), element: <LegalPage kind="privacy" /> },
    { path: 'vi/:file', element: <AdViewPage /> },
    { path: ':region/:category/:file', element: <AdViewPage /> },
    { path: ':vertical', element: <VerticalHomePage /> },
    // Listings (spec §2 `/{location?}/{slug1?}/{slug2?}/{slug3?}`); one and three segments
    // reach them through the vertical home and the ad view.
    { path: ':place/:slug1', element: <ListingPage /> },
    { path: ':place/:slug1/:slug2/:slug3', element: <ListingPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', children: pageRoutes() },
      ...LANGUAGES.map((language) => ({ path: `/${language}`, children: pageRoutes() })),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
