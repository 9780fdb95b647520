// A small category tree in the gateway's shape (four verticals, one group with sub-categories),
// and helpers that answer `fetch` the way the gateway does.

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

/** Answers getCategories in the request's Accept-Language. */
export function categoriesHandler(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const language = new Headers(init?.headers).get('Accept-Language') === 'ar' ? 'ar' : 'fr';
  return Promise.resolve(jsonResponse({ data: { getCategories: categories(language) } }));
}
