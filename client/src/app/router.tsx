// The route table (spec §2), each route reachable with or without an fr|ar prefix: home,
// vertical homes, search listings, the ad view, the shop directory and shop pages, account
// entry (sign-in, shop sign-in, sign-up, password reset, the account page), my ads and
// favorites, the ad form, and 404. Pages are loaded on demand (React.lazy) inside the layout's
// Suspense. ROUTE_KEYS names the spec's route keys that exist so far.

import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { LazyListingPage as ListingPage } from '../features/listing/LazyListingPage';
import { LANGUAGES } from './language';
import { Layout } from './Layout';
import { PATHS } from './paths';

const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
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
const AdViewPage = lazy(() => import(/* webpackChunkName: "ad-view" */ '../features/ad-view/AdViewPage'));
const MyAdsPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/my-ads/MyAdsPage'));
const FavoritesPage = lazy(() => import(/* webpackChunkName: "my-ads" */ '../features/my-ads/FavoritesPage'));
const AdFormPage = lazy(() => import(/* webpackChunkName: "ad-form" */ '../features/ad-form/AdFormPage'));
const ShopDirectoryPage = lazy(() => import(/* webpackChunkName: "shops" */ '../features/shops/ShopDirectoryPage'));
const ShopPage = lazy(() => import(/* webpackChunkName: "shops" */ '../features/shops/ShopPage'));
const ConversationsPage = lazy(() => import(/* webpackChunkName: "messaging" */ '../features/messaging/ConversationsPage'));
const ChatPage = lazy(() => import(/* webpackChunkName: "messaging" */ '../features/messaging/ChatPage'));
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'));

/** Spec §2 route keys implemented so far, with their paths (without language prefix). */
export const ROUTE_KEYS = { 'home-page': PATHS.home } as const;

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
