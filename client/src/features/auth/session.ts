// The signed-in session as the browser keeps it (spec §4 "token stored in a cookie"): the access
// token in the `souk_token` cookie (read by the gateway), the refresh token in `souk_refresh`,
// and who the person is, read from the access token's claims. Pure functions over cookies;
// the redux side is authSlice.ts.

import { TOKEN_COOKIE } from '../../api/identity';
import type { TokenPair } from '../../api/accounts';
import { readCookie, writeCookie } from '../../lib/cookies';

export const REFRESH_COOKIE = 'souk_refresh';
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

/** Keeps a new session's tokens in cookies for the whole site. */
export function storeTokens(tokens: TokenPair): void {
  writeCookie(TOKEN_COOKIE, tokens.accessToken, { maxAge: Math.max(1, tokens.expiresIn) });
  writeCookie(REFRESH_COOKIE, tokens.refreshToken, { maxAge: REFRESH_MAX_AGE });
}

export function clearTokens(): void {
  writeCookie(TOKEN_COOKIE, '', { maxAge: 0 });
  writeCookie(REFRESH_COOKIE, '', { maxAge: 0 });
}

export function refreshToken(): string | undefined {
  const token = readCookie(REFRESH_COOKIE);
  return token === '' ? undefined : token;
}

/** The person of the access token cookie, if one is there and readable. */
export function storedUser(): SessionUser | undefined {
  const token = readCookie(TOKEN_COOKIE);
  return token ? userFromToken(token) : undefined;
}
