// A small category tree and city list in the gateway's shape, and helpers that answer `fetch`
// the way the gateway does (by operation name, in the request's language).

import type { Category } from '../src/api/catalog';

type Row = [id: number, parentId: number | null, order: number, fr: string, ar: string, slugFr: string, slugAr: string];

const ROWS: Row[] = [
  [10000, null, 1, 'Immobilier', 'العقار', 'immobilier', 'العقار'],
  [1010, 10000, 1, 'Appartements', 'شقق', 'appartements', 'شقق'],
  [1020, 10000, 2, 'Maisons et villas', 'منازل وفيلات', 'maisons_et_villas', 'منازل_وفيلات'],
  [20000, null, 2, 'Véhicules', 'المركبات', 'vehicules', 'المركبات'],
  [2010, 20000, 1, 'Voitures', 'سيارات', 'voitures', 'سيارات'],
  [2030, 20000, 2, 'Pièces et accessoires', 'قطع الغيار والإكسسوارات', 'pieces_et_accessoires', 'قطع_الغيار'],
  [2060, 2030, 1, 'Pièces auto', 'قطع غيار السيارات', 'pieces_auto', 'قطع_غيار_السيارات'],
  [2075, 2030, 2, 'Pièces moto', 'قطع غيار الدراجات', 'pieces_moto', 'قطع_غيار_الدراجات'],
  [30000, null, 3, 'Emploi et services', 'الشغل والخدمات', 'emploi_et_services', 'الشغل_والخدمات'],
  [3010, 30000, 1, "Offres d'emploi", 'عروض العمل', 'offres_emploi', 'عروض_العمل'],
  [50000, null, 4, 'Marché', 'السوق', 'marche', 'السوق'],
  [5010, 50000, 1, 'Téléphones', 'هواتف', 'telephones', 'هواتف'],
];

export function categories(language: 'fr' | 'ar'): Category[] {
  return ROWS.map(([id, parentId, order, fr, ar, slugFr, slugAr]) => ({
    id,
    parentId,
    childrenIds: ROWS.filter((row) => row[1] === id).map((row) => row[0]),
    order,
    name: language === 'ar' ? ar : fr,
    label: { fr, ar },
    slug: { fr: slugFr, ar: slugAr },
    adTypes: [{ key: 'sell', order: 1, label: { fr: 'Offres', ar: 'عروض' } }],
  }));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function internalErrorResponse(status = 500): Response {
  return jsonResponse(
    {
      errors: [
        {
          message: 'Erreur Veuillez réessayer plus tard',
          extensions: { code: 'INTERNAL_ERROR', messageKey: 'common.error.generic' },
        },
      ],
    },
    status,
  );
}

/** The parsed JSON body and headers of the n-th call to a mocked fetch. */
export function requestOf(fetchMock: jest.SpyInstance, index = 0): { body: unknown; headers: Headers } {
  const call = fetchMock.mock.calls[index] as [RequestInfo | URL, RequestInit | undefined];
  const init = call[1] ?? {};
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { body, headers: new Headers(init.headers) };
}

/** Answers the catalog operations (getCategories, cities) in the request's Accept-Language. */
export function categoriesHandler(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return gateway()(input, init);
}

interface City {
  label: string;
  value: string;
  type: string;
  cityId: number;
  areaId: number | null;
  slug: string;
}

const CITY_ROWS: [id: number, fr: string, ar: string, slugFr: string, slugAr: string][] = [
  [1, 'Casablanca', 'الدار البيضاء', 'casablanca', 'الدار-البيضاء'],
  [2, 'Fès', 'فاس', 'fes', 'فاس'],
  [3, 'Tanger', 'طنجة', 'tanger', 'طنجة'],
  [4, 'Marrakech', 'مراكش', 'marrakech', 'مراكش'],
  [7, 'Rabat', 'الرباط', 'rabat', 'الرباط'],
  [8, 'Agadir', 'أكادير', 'agadir', 'أكادير'],
];

/** Cities as getCitiesFormattedNext and getPopularCitiesFormattedNext list them. */
export function cities(language: 'fr' | 'ar'): City[] {
  return CITY_ROWS.map(([id, fr, ar, slugFr, slugAr]) => ({
    label: language === 'ar' ? ar : fr,
    value: String(id),
    type: 'city',
    cityId: id,
    areaId: null,
    slug: language === 'ar' ? slugAr : slugFr,
  }));
}

export interface GatewayCall {
  operationName: string;
  variables: Record<string, unknown>;
  language: 'fr' | 'ar';
  headers: Headers;
}

/** What a resolver answers: the operation's data, or a whole Response (errors, statuses). */
type Resolver = (call: GatewayCall) => unknown;

/** A GraphQL error answer (HTTP 200 with `errors`), as the gateway sends a resolver's refusal. */
export function graphqlError(code: string, messageKey: string, message: string): Response {
  return jsonResponse({ data: null, errors: [{ message, extensions: { code, messageKey } }] });
}

/** The catalog operations answered from the fixtures above. */
export const CATALOG_RESOLVERS: Record<string, Resolver> = {
  getCategories: ({ language }) => categories(language),
  getCitiesFormattedNext: ({ language }) => ({ cities: cities(language), count: CITY_ROWS.length }),
  getPopularCitiesFormattedNext: ({ language }) => cities(language),
};

/**
 * A fetch implementation that answers each GraphQL operation with its resolver (by
 * operationName), in the request's Accept-Language; the catalog ones answer by default.
 * An operation without a resolver is a GRAPHQL_VALIDATION_FAILED 400, as the server would.
 */
export function gateway(resolvers: Record<string, Resolver> = {}, calls: GatewayCall[] = []) {
  const all = { ...CATALOG_RESOLVERS, ...resolvers };
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/parse-url')) return parseUrlAnswer(all, init, headers);
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
      operationName: string;
      variables?: Record<string, unknown>;
    };
    const call: GatewayCall = {
      operationName: body.operationName,
      variables: body.variables ?? {},
      language: headers.get('Accept-Language') === 'ar' ? 'ar' : 'fr',
      headers,
    };
    calls.push(call);
    const resolver = all[body.operationName];
    if (!resolver) {
      return Promise.resolve(
        jsonResponse({ errors: [{ message: 'unknown', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }, 400),
      );
    }
    return Promise.resolve(resolver(call)).then((answer) =>
      answer instanceof Response ? answer : jsonResponse({ data: { [body.operationName]: answer } }),
    );
  };
}

/** What POST /api/parse-url answers for a path that is no listing. */
export function notAListing(language: 'fr' | 'ar' = 'fr') {
  return { language, locations: [], category: null, adType: null, keyword: null };
}

/**
 * The parse-URL endpoint (REST, not GraphQL): the `parse-url` resolver gets the body as its
 * variables (`pathname`, `query`); without one, every path is no listing.
 */
function parseUrlAnswer(all: Record<string, Resolver>, init: RequestInit | undefined, headers: Headers): Promise<Response> {
  const variables = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  const language = headers.get('Accept-Language') === 'ar' ? 'ar' : 'fr';
  const resolver = all['parse-url'] ?? (() => notAListing(language));
  return Promise.resolve(resolver({ operationName: 'parse-url', variables, language, headers })).then((answer) =>
    answer instanceof Response ? answer : jsonResponse(answer),
  );
}

/** A fetch that never answers: the screen stays in its loading state. */
export function pending(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An access token shaped like the server's (HS256 JWT with the spec §3 claims); unsigned. */
export function accessTokenFor(
  claims: {
    accountId?: number;
    name?: string;
    roles?: string[];
    allowedAccess?: string[];
    storeId?: number | null;
    act?: number;
    exp?: number;
  } = {},
): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub: '0193a8f0-0000-7000-8000-000000000001',
      accountId: claims.accountId ?? 42,
      storeId: claims.storeId ?? null,
      roles: claims.roles ?? [],
      name: claims.name ?? 'Yassine El Amrani',
      email: null,
      allowedAccess: claims.allowedAccess ?? [],
      exp: claims.exp ?? Math.floor(Date.now() / 1000) + 900,
      ...(claims.act === undefined ? {} : { act: claims.act }),
    }),
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

export function tokenPair(claims?: Parameters<typeof accessTokenFor>[0]) {
  return { accessToken: accessTokenFor(claims), refreshToken: 'refresh-token-1', expiresIn: 900, tokenType: 'Bearer' };
}

export function accountInfo(overrides: Partial<{ name: string; type: string; email: string | null; phone: string | null }> = {}) {
  return {
    id: 42,
    uuId: '0193a8f0-0000-7000-8000-000000000001',
    name: overrides.name ?? 'Yassine El Amrani',
    email: overrides.email ?? null,
    phone: { number: overrides.phone === undefined ? '0612345678' : overrides.phone, isHidden: false },
    location: { city: { id: 1, name: 'Casablanca' }, address: null },
    registeredAt: 1_760_000_000,
    type: overrides.type ?? 'private',
    roles: [],
    storeId: null,
  };
}

/**
 * A stand-in for the real-time socket: records what screens listen to, and lets a test push a
 * server event (`emit`) as `souk serve` would.
 */
export class FakeRealtime {
  opened = 0;
  closed = 0;
  languages: string[] = [];
  private handlers = new Map<string, Set<(payload: unknown) => void>>();

  connect = (language: string) => {
    this.opened += 1;
    this.languages.push(language);
    const own = new Map<string, Set<(payload: unknown) => void>>();
    return {
      on: (event: string, handler: (payload: unknown) => void) => {
        const set = this.handlers.get(event) ?? new Set();
        set.add(handler);
        this.handlers.set(event, set);
        own.set(event, (own.get(event) ?? new Set()).add(handler));
      },
      off: (event: string, handler: (payload: unknown) => void) => {
        this.handlers.get(event)?.delete(handler);
      },
      close: () => {
        this.closed += 1;
        for (const [event, set] of own) for (const handler of set) this.handlers.get(event)?.delete(handler);
      },
    };
  };

  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  emit(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

/** getCurrentUser's answer for a shop (store 1) or a private account, as the server shapes it. */
export function currentUser(kind: 'shop' | 'private' = 'shop', session: { actingAdminId?: number | null; actingAdminName?: string | null; expiresAt?: number } = {}) {
  const shop = kind === 'shop';
  return {
    userId: 42,
    name: shop ? 'Auto Prestige Casa' : 'Yassine El Amrani',
    email: shop ? 'contact@auto-prestige-casa.ma' : null,
    type: kind,
    role: shop ? ['ROLE_STORE_OWNER'] : [],
    isAdmin: false,
    phone: shop ? '0522000000' : '0612345678',
    location: { city: { id: 1, name: 'Casablanca' }, address: shop ? 'Bd Zerktouni' : null },
    shopInfo: shop
      ? {
          storeId: 1,
          name: 'Auto Prestige Casa',
          email: 'contact@auto-prestige-casa.ma',
          category: 2010,
          website: null,
          description: { long: 'Voitures d’occasion révisées.', short: 'Voitures' },
          phones: ['0522000000'],
          locations: ['Bd Zerktouni'],
          logo: null,
          startDate: 1_748_567_305,
          expiryDate: 4_102_444_800,
          points: { count: 120, expiryDate: 4_102_444_800 },
          tokenBalance: 0,
          offersDelivery: false,
          membership: { id: 1, name: 'Standard' },
          isVerifiedSeller: false,
        }
      : null,
    session: {
      expiresAt: session.expiresAt ?? Math.floor(Date.now() / 1000) + 900,
      actingAdminId: session.actingAdminId ?? null,
      actingAdminName: session.actingAdminName ?? null,
    },
  };
}
