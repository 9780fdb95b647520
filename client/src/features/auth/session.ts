// The signed-in session as the browser keeps it (spec §4 "token stored in a cookie"): the access
// token in the `souk_token` cookie (read by the gateway), who the person is from its claims, and
// the `souk_session` flag saying a refresh token exists. The refresh token itself is an HttpOnly
// cookie only the server reads and writes (the gateway's cookie mode, docs/security.md): no
// script of the page ever holds it. Pure functions over cookies; the redux side is authSlice.ts.

import { TOKEN_COOKIE } from '../../api/identity';
import type { TokenPair } from '../../api/accounts';
import { readCookie, writeCookie } from '../../lib/cookies';

/** Says that the server holds a refresh cookie for this browser (its value is not a secret). */
export const SESSION_FLAG_COOKIE = 'souk_session';
/** Where an older client kept the refresh token, readable by scripts: removed when seen. */
const LEGACY_REFRESH_COOKIE = 'souk_refresh';
/** Refresh tokens live 30 days on the server (docs/api.md). */
const REFRESH_MAX_AGE = 30 * 24 * 60 * 60;

export type UserType = 'shop' | 'private';

/** The spec §3 user profile state the client needs, from the token's claims. */
export interface SessionUser {
  uuId: string;
  accountId: number;
  storeId: number | null;
  name: string;
  email: string | null;
  roles: string[];
  /** The areas the roles open (spec §3 claim allowedAccess: `seller.my-products`...). */
  allowedAccess: string[];
  type: UserType;
  isAdmin: boolean;
  /** Seconds since the epoch when the access token stops being accepted. */
  expiresAt: number;
  /** The admin acting as this user (the token's `act` claim), or null. */
  actingAdminId: number | null;
}

/** Spec §4: the user type is shop when a role is a store owner's, else private. */
export function userTypeOf(roles: readonly string[]): UserType {
  return roles.some((role) => role === 'ROLE_STORE_OWNER' || role === 'ROLE_ECOMMERCE_STORE_OWNER') ? 'shop' : 'private';
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads who the token is for. The signature is the server's business (it checks every
 * request); a token that cannot be read gives undefined.
 */
export function userFromToken(token: string): SessionUser | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlDecode(payload));
  } catch {
    return undefined;
  }
  if (!isRecord(claims) || typeof claims.sub !== 'string' || typeof claims.accountId !== 'number') return undefined;
  const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [];
  const allowedAccess = Array.isArray(claims.allowedAccess)
    ? claims.allowedAccess.filter((a): a is string => typeof a === 'string')
    : [];
  return {
    uuId: claims.sub,
    accountId: claims.accountId,
    storeId: typeof claims.storeId === 'number' ? claims.storeId : null,
    name: typeof claims.name === 'string' ? claims.name : '',
    email: typeof claims.email === 'string' ? claims.email : null,
    roles,
    allowedAccess,
    type: userTypeOf(roles),
    isAdmin: roles.includes('ROLE_ADMIN'),
    expiresAt: typeof claims.exp === 'number' ? claims.exp : 0,
    actingAdminId: typeof claims.act === 'number' ? claims.act : null,
  };
}

/** The access that opens the seller centre (spec §6: e-commerce store owners, token claim allowedAccess). */
export const SELLER_ACCESS = 'seller.my-products';

/** Whether the person may use the seller centre (products, sale orders, payments). */
export function isSeller(user: Pick<SessionUser, 'allowedAccess'> | null | undefined): boolean {
  return user?.allowedAccess.includes(SELLER_ACCESS) === true;
}

/**
 * Keeps a new session's access token in a cookie for the whole site, and the flag that a
 * refresh cookie exists (the server set it with the answer that carried these tokens).
 */
export function storeTokens(tokens: Pick<TokenPair, 'accessToken' | 'expiresIn'>): void {
  writeCookie(TOKEN_COOKIE, tokens.accessToken, { maxAge: Math.max(1, tokens.expiresIn) });
  writeCookie(SESSION_FLAG_COOKIE, '1', { maxAge: REFRESH_MAX_AGE });
  writeCookie(LEGACY_REFRESH_COOKIE, '', { maxAge: 0 });
}

export function clearTokens(): void {
  writeCookie(TOKEN_COOKIE, '', { maxAge: 0 });
  writeCookie(SESSION_FLAG_COOKIE, '', { maxAge: 0 });
  writeCookie(LEGACY_REFRESH_COOKIE, '', { maxAge: 0 });
}

/** Whether the session can be renewed: the server holds a refresh cookie for this browser. */
export function hasRefreshSession(): boolean {
  // An older client's readable refresh cookie also reaches the gateway, which moves it into
  // the HttpOnly cookie at the next renewal.
  return readCookie(SESSION_FLAG_COOKIE) === '1' || Boolean(readCookie(LEGACY_REFRESH_COOKIE));
}

/** The person of the access token cookie, if one is there and readable. */
export function storedUser(): SessionUser | undefined {
  const token = readCookie(TOKEN_COOKIE);
  return token ? userFromToken(token) : undefined;
}
