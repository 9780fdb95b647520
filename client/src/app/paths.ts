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
  adInsert: '/ad/insert/1',
  messages: '/messages',
  messagesChat: '/messages/chat',
} as const;

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
