// Who is asking, as the gateway wants to know it: a visitor id kept for the browser
// (localStorage), a session id per tab (sessionStorage) and the access token cookie when the
// person is signed in. Storage can be unavailable (private modes, blocked cookies): the ids
// then live in memory for the life of the page.

import { readCookie } from '../lib/cookies';
import { isUuid, randomUuid } from '../lib/uuid';

export const VISITOR_ID_KEY = 'souk_visitor_id';
export const SESSION_ID_KEY = 'souk_session_id';
export const TOKEN_COOKIE = 'souk_token';

const inMemory = new Map<string, string>();

function persistentId(storage: () => Storage, key: string): string {
  try {
    const store = storage();
    const existing = store.getItem(key);
    if (isUuid(existing)) return existing;
    const created = randomUuid();
    store.setItem(key, created);
    return created;
  } catch {
    const existing = inMemory.get(key);
    if (existing) return existing;
    const created = randomUuid();
    inMemory.set(key, created);
    return created;
  }
}

/** A UUID that identifies this browser across visits. */
export function visitorId(): string {
  return persistentId(() => window.localStorage, VISITOR_ID_KEY);
}

/** A UUID that identifies this tab for as long as it stays open. */
export function sessionId(): string {
  return persistentId(() => window.sessionStorage, SESSION_ID_KEY);
}

/** The bearer token of a signed-in person, if any. */
export function accessToken(): string | undefined {
  const token = readCookie(TOKEN_COOKIE);
  return token === '' ? undefined : token;
}
