// The 500 page: a server failure (HTTP 5xx, or the gateway's INTERNAL_ERROR) of a page's main
// data shows it, in French and in Arabic, with a retry that asks for that data again; a
// refusal of the main data and any failure of secondary data stay inline on the page.

import { fireEvent, screen, within } from '@testing-library/react';
import { listAd, publicAd } from '../../test/adFixtures';
import { categories, gateway, graphqlError, internalErrorResponse, jsonResponse, type GatewayCall } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

/** What a proxy in front of the server answers when the server is down: HTML, not JSON. */
function badGateway(): Response {
  return new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
}

/** Answers with `failure` the first time, then with `success`. */
function failingOnce<T>(failure: () => Response, success: (call: GatewayCall) => T) {
  let failed = false;
  return (call: GatewayCall) => {
    if (failed) return success(call);
    failed = true;
    return failure();
  };
}

const TEXT = {
  fr: { title: 'Une erreur est survenue', generic: 'Erreur Veuillez réessayer plus tard', retry: 'Réessayer', documentTitle: 'Erreur · Souk' },
  ar: { title: 'حدث خطأ', generic: 'خطأ، يرجى المحاولة لاحقًا', retry: 'أعد المحاولة', documentTitle: 'خطأ · Souk' },
};

/** The 500 page is on screen, in `language`: its heading, the §8 wording and a retry. */
async function expectServerErrorPage(language: 'fr' | 'ar') {
  const t = TEXT[language];
  expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
  const alert = within(main).getByRole('alert');
  expect(alert).toHaveTextContent(t.generic);
  expect(document.title).toBe(t.documentTitle);
  return within(alert).getByRole('button', { name: t.retry });
}

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

const AD = {
  getAd: () => publicAd(),
  getRelatedAds: () => [listAd({ listId: 10000002, title: 'Renault Clio 2016' })],
  getPremiumAds: () => [],
};

describe('the 500 page', () => {
  it('replaces the home page when the categories fail on the server, and retry brings it back', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ getCategories: failingOnce(() => internalErrorResponse(500), ({ language }) => categories(language)) }, calls));
    renderApp('/');
    const retry = await expectServerErrorPage('fr');
    expect(screen.queryByRole('heading', { level: 1, name: 'Petites annonces au Maroc' })).not.toBeInTheDocument();

    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TEXT.fr.title })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getCategories')).toHaveLength(2);
  });

  it('is in Arabic, right to left, for a proxy that answers 502', async () => {
    mockFetch().mockImplementation(gateway({ getCategories: failingOnce(badGateway, ({ language }) => categories(language)) }));
    renderApp('/ar');
    const retry = await expectServerErrorPage('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/ar');
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'إعلانات مبوبة في المغرب' })).toBeInTheDocument();
  });

  it("is shown for the gateway's INTERNAL_ERROR inside a 200 answer (a vertical home in Arabic)", async () => {
    mockFetch().mockImplementation(gateway({ getCategories: () => internalErrorResponse(200) }));
    renderApp(`/ar/${encodeURIComponent('العقار')}`);
    await expectServerErrorPage('ar');
  });

  it.each([
    ['fr', '/casablanca/voitures', 'Dacia Logan 2018 diesel'],
    ['ar', `/ar/${encodeURIComponent('الدار-البيضاء')}/${encodeURIComponent('سيارات')}`, 'Dacia Logan 2018 diesel'],
  ] as const)('replaces a listing whose search fails on the server (%s)', async (language, path, title) => {
    const parsed = {
      language,
      locations: [{ level: 'city', id: 1, slug: 'casablanca', name: 'Casablanca' }],
      category: { id: 2010, slug: 'voitures', name: 'Voitures' },
      adType: null,
      keyword: null,
    };
    const results = { ads: [listAd({ listId: 101, title })], premium: [], total: 1, totalCapped: false, extended: null, facets: { categories: [], cities: [] }, offset: 0, limit: 12 };
    mockFetch().mockImplementation(
      gateway({ 'parse-url': () => parsed, searchAds: failingOnce(() => internalErrorResponse(503), () => results), getRecentSearches: () => [], getAreas: () => [] }),
    );
    renderApp(path);
    fireEvent.click(await expectServerErrorPage(language));
    expect(await screen.findByRole('link', { name: title })).toBeInTheDocument();
  });

  it('replaces a listing whose address the server cannot read (parse-URL 500)', async () => {
    mockFetch().mockImplementation(gateway({ 'parse-url': () => jsonResponse({ message: 'boom' }, 500) }));
    renderApp('/casablanca/voitures');
    await expectServerErrorPage('fr');
  });

  it('replaces the ad view when the ad fails on the server, in Arabic, and retry shows the ad', async () => {
    mockFetch().mockImplementation(gateway({ ...AD, getAd: failingOnce(badGateway, () => publicAd()) }));
    renderApp('/ar/vi/10000001.htm');
    fireEvent.click(await expectServerErrorPage('ar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
  });

  it('replaces the shop directory when the shops fail on the server', async () => {
    mockFetch().mockImplementation(gateway({ getShops: () => internalErrorResponse(500) }));
    renderApp('/boutiques');
    await expectServerErrorPage('fr');
  });

  it('replaces a shop page when the shop fails on the server, in Arabic', async () => {
    mockFetch().mockImplementation(gateway({ getShop: () => badGateway() }));
    renderApp('/ar/boutique/auto-atlas-7');
    await expectServerErrorPage('ar');
  });
});

describe('what stays inline', () => {
  it('a refusal of the main data keeps the page and shows its wording', async () => {
    mockFetch().mockImplementation(
      gateway({ getCategories: () => graphqlError('CATALOG_MAINTENANCE', 'catalog.error.maintenance', 'Catalogue en maintenance') }),
    );
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Catalogue en maintenance');
    expect(screen.getByRole('heading', { level: 1, name: 'Petites annonces au Maroc' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TEXT.fr.title })).not.toBeInTheDocument();
  });

  it('a 4xx answer of the main data keeps the page (an ad view in Arabic)', async () => {
    mockFetch().mockImplementation(gateway({ ...AD, getAd: () => jsonResponse({ code: 'INVALID_HEADER', wording: 'En-tête invalide' }, 400) }));
    renderApp('/ar/vi/10000001.htm');
    expect(await screen.findByRole('alert')).toHaveTextContent('En-tête invalide');
    expect(screen.queryByRole('heading', { level: 1, name: TEXT.ar.title })).not.toBeInTheDocument();
  });

  it('a server failure of secondary data leaves the page on screen', async () => {
    mockFetch().mockImplementation(
      gateway({ ...AD, getRelatedAds: () => internalErrorResponse(500), getPremiumAds: () => badGateway(), getPopularCitiesFormattedNext: () => internalErrorResponse(500) }),
    );
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TEXT.fr.title })).not.toBeInTheDocument();

    renderApp('/');
    const cities = await screen.findByRole('region', { name: 'Villes populaires' });
    expect(await within(cities).findByRole('alert')).toHaveTextContent(TEXT.fr.generic);
    expect(screen.getByRole('heading', { level: 1, name: 'Petites annonces au Maroc' })).toBeInTheDocument();
  });
});
