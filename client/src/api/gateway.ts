// The GraphQL gateway client: the RTK Query base query that POSTs every operation to `/graphql`
// with the gateway headers, retries network failures (spec §9) and turns every failure into
// one `GatewayError` shape that the UI can translate.

import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../app/language';
import { accessToken, sessionId, visitorId } from './identity';

export const GRAPHQL_PATH = '/graphql';

/** One GraphQL operation. `lang` overrides the store's language for Accept-Language. */
export interface GraphqlRequest {
  document: string;
  variables?: Record<string, unknown>;
  lang?: Language;
}

/**
 * Every failure, whatever its origin. `messageKey` is looked up in the locale files;
 * `message` is the server's wording in the request language.
 */
export interface GatewayError {
  code: string;
  messageKey?: string;
  message?: string;
  /** HTTP status when the server answered. */
  status?: number;
  /** The error's other extensions (`days` of DELETION_REFUSED, `detail`, `max`...). */
  extensions?: Record<string, unknown>;
}

export interface GatewayExtraOptions {
  /** Retry network failures (default true). Turn off for operations that must not repeat. */
  retry?: boolean;
}

export const NETWORK_ERROR: GatewayError = { code: 'NETWORK_ERROR', messageKey: 'common.error.network' };
export const ABORTED_ERROR: GatewayError = { code: 'ABORTED' };
const GENERIC_KEY = 'common.error.generic';

/** Spec §9: at most 3 attempts, network errors only, 600 ms initial delay, 1800 ms cap, jitter. */
export const RETRY_POLICY = { maxAttempts: 3, initialDelayMs: 600, maxDelayMs: 1800 } as const;

/**
 * Wait before retry number `retry` (1 for the first retry): doubling from 600 ms, capped at
 * 1800 ms, with ±20 % jitter so that clients cut off together do not come back together.
 */
export function retryDelay(retry: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.initialDelayMs * 2 ** (retry - 1));
  return Math.round(Math.min(RETRY_POLICY.maxDelayMs, base * (0.8 + 0.4 * random())));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Maps a failed answer to a `GatewayError`. GraphQL errors carry `extensions.code` and
 * `extensions.messageKey`; a 400 body also has top-level `code`, `message` and `wording`
 * (the wording being the sentence meant for people).
 */
export function toGatewayError(status: number, body: unknown): GatewayError {
  const record = isRecord(body) ? body : {};
  const errors = Array.isArray(record.errors) ? record.errors : [];
  const first: Record<string, unknown> = isRecord(errors[0]) ? errors[0] : {};
  const extensions: Record<string, unknown> = isRecord(first.extensions) ? first.extensions : {};
  const code = text(extensions.code) ?? text(record.code) ?? 'INTERNAL_ERROR';
  const messageKey =
    text(extensions.messageKey) ?? text(record.messageKey) ?? (code === 'INTERNAL_ERROR' ? GENERIC_KEY : undefined);
  const message = text(record.wording) ?? text(first.message) ?? text(record.message);
  const error: GatewayError = { code, status };
  if (messageKey) error.messageKey = messageKey;
  if (message) error.message = message;
  const rest = Object.fromEntries(Object.entries(extensions).filter(([key]) => key !== 'code' && key !== 'messageKey'));
  if (Object.keys(rest).length > 0) error.extensions = rest;
  return error;
}

export function isGatewayError(value: unknown): value is GatewayError {
  return isRecord(value) && typeof value.code === 'string';
}

/**
 * Whether a failure is the server's own (spec §8 "500 page"): an HTTP 5xx answer, whatever its
 * body, or the gateway's INTERNAL_ERROR inside a 200 answer (a resolver that failed). A
 * refusal (not found, validation, session), a network failure and a 4xx are not.
 */
export function isServerError(error: unknown): boolean {
  if (!isGatewayError(error) || error.status === undefined) return false;
  return error.status >= 500 || (error.status < 300 && error.code === 'INTERNAL_ERROR');
}

/** The operation name is the one written in the document (`query getCategories(...)`). */
export function operationName(document: string): string | undefined {
  return /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1];
}

function currentLanguage(state: unknown): Language {
  if (isRecord(state) && isRecord(state.language) && isLanguage(state.language.current)) {
    return state.language.current;
  }
  return DEFAULT_LANGUAGE;
}

/** The headers of spec §7's new gateway. */
export function gatewayHeaders(language: Language): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': language,
    visitorId: visitorId(),
    sessionId: sessionId(),
    // The refresh token stays in the server's HttpOnly cookie, never in an answer's body.
    'X-Souk-Session': 'cookie',
  };
  const token = accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface GatewayOptions {
  url?: string;
  /** Injected by tests to avoid real waits. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

type Attempt = { kind: 'answer'; status: number; body: unknown } | { kind: 'network' } | { kind: 'aborted' };

async function attempt(url: string, init: RequestInit, signal: AbortSignal): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch {
    return signal.aborted ? { kind: 'aborted' } : { kind: 'network' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page, an empty body: still an HTTP answer, never retried.
    if (signal.aborted) return { kind: 'aborted' };
    body = undefined;
  }
  return { kind: 'answer', status: response.status, body };
}

export function createGatewayBaseQuery(
  options: GatewayOptions = {},
): BaseQueryFn<GraphqlRequest, unknown, GatewayError, GatewayExtraOptions> {
  const url = options.url ?? GRAPHQL_PATH;
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;

  return async (request, api, extraOptions?: GatewayExtraOptions) => {
    const language = request.lang ?? currentLanguage(api.getState());
    const init: RequestInit = {
      method: 'POST',
      credentials: 'same-origin',
      headers: gatewayHeaders(language),
      body: JSON.stringify({
        operationName: operationName(request.document),
        query: request.document,
        variables: request.variables ?? {},
      }),
    };
    const maxAttempts = extraOptions?.retry === false ? 1 : RETRY_POLICY.maxAttempts;

    for (let attemptNumber = 1; ; attemptNumber += 1) {
      const result = await attempt(url, init, api.signal);
      if (result.kind === 'aborted') return { error: ABORTED_ERROR };
      if (result.kind === 'network') {
        if (attemptNumber >= maxAttempts) return { error: NETWORK_ERROR };
        await wait(retryDelay(attemptNumber, random), api.signal);
        if (api.signal.aborted) return { error: ABORTED_ERROR };
        continue;
      }
      const { status, body } = result;
      const ok = status >= 200 && status < 300;
      const hasErrors = isRecord(body) && Array.isArray(body.errors) && body.errors.length > 0;
      if (ok && !hasErrors && isRecord(body) && isRecord(body.data)) {
        return { data: body.data };
      }
      return { error: toGatewayError(status, body) };
    }
  };
}

export const gatewayBaseQuery = createGatewayBaseQuery();
