// Reading and writing the few first-party cookies the client owns (`lang`, `souk_token`).
// Framework-free so that the gateway, the router and tests can share it.

/** Returns the decoded value of a cookie, or undefined when it is absent. */
export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Lifetime in seconds. */
  maxAge: number;
  path?: string;
}

/** Sets a first-party cookie for the whole site (SameSite=Lax, Secure on https). */
export function writeCookie(name: string, value: string, { maxAge, path = '/' }: CookieOptions): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
