// Reading the session from the access token and keeping it in cookies.

import { accessTokenFor, tokenPair } from '../../../test/fixtures';
import { readCookie } from '../../lib/cookies';
import {
  clearTokens,
  hasRefreshSession,
  SESSION_FLAG_COOKIE,
  storedUser,
  storeTokens,
  userFromToken,
  userTypeOf,
} from './session';

describe('session', () => {
  it('is a shop when a role is a store owner, else private (spec §4)', () => {
    expect(userTypeOf(['ROLE_STORE_OWNER'])).toBe('shop');
    expect(userTypeOf(['ROLE_ECOMMERCE_STORE_OWNER'])).toBe('shop');
    expect(userTypeOf(['ROLE_ADMIN'])).toBe('private');
    expect(userTypeOf([])).toBe('private');
  });

  it('reads who the token is for, Arabic names included', () => {
    const user = userFromToken(accessTokenFor({ accountId: 7, name: 'سعيد', roles: ['ROLE_STORE_OWNER'], storeId: 3 }));
    expect(user).toMatchObject({ accountId: 7, name: 'سعيد', type: 'shop', storeId: 3, isAdmin: false });
    expect(userFromToken('not-a-token')).toBeUndefined();
    expect(userFromToken('a.bm90IGpzb24.c')).toBeUndefined();
  });

  it('keeps the access token and the session flag, never the refresh token, and forgets them', () => {
    document.cookie = 'souk_refresh=readable-old; Path=/';
    expect(hasRefreshSession()).toBe(true);
    const tokens = tokenPair({ name: 'Amina' });
    storeTokens(tokens);
    expect(readCookie('souk_token')).toBe(tokens.accessToken);
    expect(readCookie(SESSION_FLAG_COOKIE)).toBe('1');
    expect(document.cookie).not.toContain(tokens.refreshToken);
    expect(readCookie('souk_refresh')).toBeUndefined();
    expect(hasRefreshSession()).toBe(true);
    expect(storedUser()?.name).toBe('Amina');
    clearTokens();
    expect(storedUser()).toBeUndefined();
    expect(hasRefreshSession()).toBe(false);
  });
});
