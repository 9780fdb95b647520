// The route table (spec §2), each route reachable with or without an fr|ar prefix: home,
// vertical homes, search listings, the ad view, the shop directory and shop pages, account
// entry (sign-in, shop sign-in, sign-up, password reset, the account page), my ads and
// favorites, the ad form, and 404. Pages are loaded on demand (React.lazy) inside the layout's
// Suspense. ROUTE_KEYS names the spec's route keys that exist so far.

import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { LazyListingPage as ListingPage } from '../features/listing/LazyListingPage';
import { LANGUAGES } from './language';
import { lazyPage } from './lazyPage';
import { Layout } from './Layout';
import { PATHS } from './paths';

// The pages the server may have drawn first (firstPage.ts preloads them).
export const HomePage = lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const VerticalHomePage = lazy(() => import(/* webpackChunkName: "vertical" */ '../features/vertical/VerticalHomePage'));
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
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'));
// The rest of the account area (issue 9): statistics, settings, orders.
const StatsPage = lazy(() => import(/* webpackChunkName: "stats" */ '../features/stats/StatsPage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/account-area/SettingsPage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/account-area/OrdersPage'));

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
  ];
}

/** /account/settings/{section}?… → /account/v2/settings/{section}?… in the same language. */
function SettingsRedirect() {
  const { section } = useParams();
  const { search, pathname } = useLocation();
  const prefix = /^\/(fr|ar)\//.exec(pathname)?.[0] ?? '/';
  return <Navigate to={`${prefix}${relative(PATHS.settings)}/${section ?? 'profile'}${search}`} replace />;
}

/** Spec §2 route keys implemented so far, with their paths (without language prefix). */
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
} as const;

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
    {
      path: 'ad/edit/:adId/:step',
      element: (
        <RequireSignIn>
          <AdFormPage />
        </RequireSignIn>
      ),
    },
    ...accountAreaRoutes(),
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
    { path: 'boutique/:name', element: <ShopPage /> },
    { path: 'boutique/:name/:category', element: <ShopPage /> },
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
