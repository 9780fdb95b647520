// The spec §2 route keys: every key the spec names exists, builds its path with and without the
// fr / ar prefix (account.my-ads with its status and page query), and reaches its own route in
// the route table under each prefix; the seller centre's keys reach its pages, which send a
// visitor to sign in first.

import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { gateway } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { readMyAdsParams } from '../features/my-ads/myAdsParams';
import { routePath, type RouteKey } from './paths';
import { ROUTE_KEYS, ROUTES } from './router';

/** Spec §2 "Route keys" and the paths of its route table, written out from the spec. */
const SPEC: Record<RouteKey, string> = {
  'account.my-ads': '/account/v2/my-ads',
  'account.my-orders': '/account/v2/my-orders',
  'account.my-favorites': '/account/v2/my-favorites',
  'account.settings': '/account/v2/settings/profile',
  'account.settings.password': '/account/v2/settings/password',
  'account.settings.notification': '/account/v2/settings/notification',
  'account.settings.contact': '/account/v2/settings/contact',
  'account.stats': '/account/v2/stats',
  'home-page': '/',
  'messaging.chat': '/messages/chat',
  'seller.my-products': '/account/seller/my-products',
  'seller.my-orders': '/account/seller/my-orders',
  'seller.my-payments': '/account/seller/my-payments',
};

/** The route (its path pattern, and params) each key with a page reaches. */
const ROUTE_OF: Partial<Record<RouteKey, { path: string; params?: Record<string, string> }>> = {
  'home-page': { path: '' },
  'account.my-ads': { path: 'account/v2/my-ads' },
  'account.my-orders': { path: 'account/v2/my-orders' },
  'account.my-favorites': { path: 'account/v2/my-favorites' },
  'account.settings': { path: 'account/v2/settings/:section', params: { section: 'profile' } },
  'account.settings.password': { path: 'account/v2/settings/:section', params: { section: 'password' } },
  'account.settings.notification': { path: 'account/v2/settings/:section', params: { section: 'notification' } },
  'account.settings.contact': { path: 'account/v2/settings/:section', params: { section: 'contact' } },
  'account.stats': { path: 'account/v2/stats' },
  'messaging.chat': { path: 'messages/chat' },
  'seller.my-products': { path: 'account/seller/my-products' },
  'seller.my-orders': { path: 'account/seller/my-orders' },
  'seller.my-payments': { path: 'account/seller/my-payments' },
};

const KEYS = Object.keys(SPEC) as RouteKey[];
const SELLER_KEYS = KEYS.filter((key) => key.startsWith('seller.'));

it('are every key the spec names, and no other', () => {
  expect(Object.keys(ROUTE_KEYS).sort()).toEqual([...KEYS].sort());
});

describe.each(KEYS)('%s', (key) => {
  const path = SPEC[key];

  it('builds its path without a prefix, and with the fr and ar prefixes', () => {
    expect(routePath(key)).toBe(path);
    expect(routePath(key, 'fr')).toBe(path === '/' ? '/fr' : `/fr${path}`);
    expect(routePath(key, 'ar')).toBe(path === '/' ? '/ar' : `/ar${path}`);
  });

  const expected = ROUTE_OF[key];
  if (expected) {
    it.each([undefined, 'fr', 'ar'] as const)('reaches its own route (prefix %s)', (language) => {
      const matches = matchRoutes(ROUTES, routePath(key, language)) ?? [];
      const leaf = matches[matches.length - 1];
      expect(leaf?.route.path ?? (leaf?.route.index ? '' : undefined)).toBe(expected.path);
      expect(leaf?.params).toMatchObject(expected.params ?? {});
    });
  }
});

it('account.my-ads carries its status and page, as my ads reads them', () => {
  const address = routePath('account.my-ads', 'ar', { status: 'DEACTIVATED', page: 2 });
  expect(address).toBe('/ar/account/v2/my-ads?status=DEACTIVATED&page=2');
  const search = new URLSearchParams(address.slice(address.indexOf('?')));
  expect(readMyAdsParams(search)).toMatchObject({ status: 'DEACTIVATED', page: 2 });
  expect(routePath('seller.my-orders', 'fr', { status: 'pending', page: 3 })).toBe('/fr/account/seller/my-orders?status=pending&page=3');
});

it.each(SELLER_KEYS.flatMap((key) => [
  [key, 'fr'],
  [key, 'ar'],
]))('%s (%s) sends a visitor to sign in, and back afterwards', async (key, language) => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
  const path = routePath(key, language as 'fr' | 'ar');
  const app = renderApp(path);
  await waitFor(() => {
    expect(app.pathname()).toBe(`/${language}/account/signin`);
  });
  expect(new URLSearchParams(app.search()).get('next')).toBe(path);
  expect(screen.queryByRole('heading', { level: 1, name: language === 'ar' ? 'الصفحة غير موجودة' : 'Page introuvable' })).not.toBeInTheDocument();
});
