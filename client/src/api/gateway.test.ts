// The gateway base query against a mocked fetch: headers, error mapping, retry policy.

import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { jsonResponse } from '../../test/fixtures';
import { SESSION_ID_KEY, VISITOR_ID_KEY } from './identity';
import { createGatewayBaseQuery, isServerError, NETWORK_ERROR, RETRY_POLICY, retryDelay, toGatewayError } from './gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function queryApi(language: 'fr' | 'ar' = 'fr'): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: jest.fn(),
    getState: () => ({ language: { current: language } }),
    extra: undefined,
    endpoint: 'getCategories',
    type: 'query',
  };
}

const request = { document: 'query getCategories($withMissingCats: Boolean) { getCategories { id } }' };

function setup() {
  const delays: number[] = [];
  const baseQuery = createGatewayBaseQuery({
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  });
  const fetchMock = jest.spyOn(globalThis, 'fetch');
  return { baseQuery, fetchMock, delays };
}

function sentHeaders(fetchMock: jest.SpyInstance, index = 0): Headers {
  const [, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return new Headers(init.headers);
}

describe('gateway base query', () => {
  it('POSTs the operation to /graphql with the gateway headers', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse({ data: { getCategories: [] } }));

    const result = await baseQuery(request, queryApi('ar'), {});

    expect(result).toEqual({ data: { getCategories: [] } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'getCategories',
      query: request.document,
      variables: {},
    });
    const headers = sentHeaders(fetchMock);
    expect(headers.get('Accept-Language')).toBe('ar');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('visitorId')).toMatch(UUID);
    expect(headers.get('sessionId')).toMatch(UUID);
    expect(headers.get('visitorId')).toBe(window.localStorage.getItem(VISITOR_ID_KEY));
    expect(headers.get('sessionId')).toBe(window.sessionStorage.getItem(SESSION_ID_KEY));
    expect(headers.has('Authorization')).toBe(false);
  });

  it('keeps the visitor and session ids across requests and prefers the language asked for', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ data: { ok: true } })));

    await baseQuery(request, queryApi('ar'), {});
    await baseQuery({ ...request, lang: 'fr' }, queryApi('ar'), {});

    const first = sentHeaders(fetchMock, 0);
    const second = sentHeaders(fetchMock, 1);
    expect(second.get('visitorId')).toBe(first.get('visitorId'));
    expect(second.get('sessionId')).toBe(first.get('sessionId'));
    expect(second.get('Accept-Language')).toBe('fr');
  });

  it('defaults to French and sends the bearer token when the souk_token cookie exists', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse({ data: { ok: true } }));
    document.cookie = 'souk_token=abc.def; Path=/';

    const api = { ...queryApi(), getState: () => ({}) };
    await baseQuery(request, api, {});

    const headers = sentHeaders(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Accept-Language')).toBe('fr');
  });

  it('maps a 400 body to code, messageKey and message', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          errors: [
            {
              message: 'La requête GraphQL est illisible',
              extensions: { code: 'GRAPHQL_PARSE_FAILED', messageKey: 'common.error.malformedQuery' },
            },
          ],
          code: 'GRAPHQL_PARSE_FAILED',
          message: 'expected a selection set at 1:9',
          wording: 'La requête GraphQL est illisible',
        },
        400,
      ),
    );

    const result = await baseQuery(request, queryApi(), {});

    expect(result.error).toEqual({
      code: 'GRAPHQL_PARSE_FAILED',
      messageKey: 'common.error.malformedQuery',
      message: 'La requête GraphQL est illisible',
      status: 400,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('maps GraphQL errors of a 200 answer', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse({
        data: null,
        errors: [{ message: "Cette ville n'existe pas", extensions: { code: 'CITY_NOT_FOUND', messageKey: 'location.error.cityNotFound' } }],
      }),
    );

    const result = await baseQuery(request, queryApi(), {});

    expect(result.error).toEqual({
      code: 'CITY_NOT_FOUND',
      messageKey: 'location.error.cityNotFound',
      message: "Cette ville n'existe pas",
      status: 200,
    });
  });

  it('retries a network error, at most 3 attempts in total', async () => {
    const { baseQuery, fetchMock, delays } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const result = await baseQuery(request, queryApi(), {});

    expect(fetchMock).toHaveBeenCalledTimes(RETRY_POLICY.maxAttempts);
    expect(RETRY_POLICY.maxAttempts).toBe(3);
    expect(result.error).toEqual({ code: 'NETWORK_ERROR', messageKey: 'common.error.network' });
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(480);
    expect(delays[0]).toBeLessThanOrEqual(720);
    expect(delays[1]).toBeGreaterThanOrEqual(960);
    expect(delays[1]).toBeLessThanOrEqual(1440);
  });

  it('succeeds when a retry gets through', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ data: { ok: true } }));

    const result = await baseQuery(request, queryApi(), {});

    expect(result).toEqual({ data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries an HTTP 500', async () => {
    const { baseQuery, fetchMock, delays } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { errors: [{ message: 'Erreur Veuillez réessayer plus tard', extensions: { code: 'INTERNAL_ERROR', messageKey: 'common.error.generic' } }] },
        500,
      ),
    );

    const result = await baseQuery(request, queryApi(), {});

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
    expect(result.error).toMatchObject({ code: 'INTERNAL_ERROR', messageKey: 'common.error.generic', status: 500 });
  });

  it('does not retry when the endpoint turns retries off', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await baseQuery(request, queryApi(), { retry: false });

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats a body that is not JSON as a generic failure', async () => {
    const { baseQuery, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const result = await baseQuery(request, queryApi(), {});

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.error).toEqual({ code: 'INTERNAL_ERROR', messageKey: 'common.error.generic', status: 502 });
  });
});

describe('retry delays', () => {
  it('start at 600 ms, double, never exceed 1800 ms, and vary with jitter', () => {
    expect(retryDelay(1, () => 0.5)).toBe(600);
    expect(retryDelay(2, () => 0.5)).toBe(1200);
    expect(retryDelay(3, () => 0.5)).toBe(1800);
    expect(retryDelay(3, () => 1)).toBe(1800);
    expect(retryDelay(1, () => 0)).toBe(480);
    expect(retryDelay(1, () => 1)).toBe(720);
  });
});

describe('toGatewayError', () => {
  it('uses the top-level fields of a 400 body when there is no GraphQL error', () => {
    expect(toGatewayError(400, { code: 'INVALID_HEADER', message: 'visitorId is not a UUID', wording: 'Un en-tête de la requête est invalide' })).toEqual({
      code: 'INVALID_HEADER',
      message: 'Un en-tête de la requête est invalide',
      status: 400,
    });
  });
});

describe('isServerError', () => {
  it('is an HTTP 5xx answer, JSON or not', () => {
    expect(isServerError(toGatewayError(500, { errors: [{ message: 'x', extensions: { code: 'INTERNAL_ERROR' } }] }))).toBe(true);
    expect(isServerError(toGatewayError(502, undefined))).toBe(true);
    expect(isServerError(toGatewayError(503, { code: 'SERVICE_UNAVAILABLE' }))).toBe(true);
  });

  it("is the gateway's INTERNAL_ERROR inside a 200 answer", () => {
    expect(isServerError(toGatewayError(200, { data: null, errors: [{ message: 'x', extensions: { code: 'INTERNAL_ERROR' } }] }))).toBe(true);
  });

  it('is not a refusal, a 4xx, a network failure or anything else', () => {
    expect(isServerError(toGatewayError(200, { errors: [{ message: 'x', extensions: { code: 'AD_NOT_FOUND' } }] }))).toBe(false);
    expect(isServerError(toGatewayError(404, undefined))).toBe(false);
    expect(isServerError(toGatewayError(400, { code: 'INVALID_HEADER' }))).toBe(false);
    expect(isServerError(NETWORK_ERROR)).toBe(false);
    expect(isServerError(new Error('boom'))).toBe(false);
  });
});
