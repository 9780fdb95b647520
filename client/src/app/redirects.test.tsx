// The spec §2 addresses that lead to another page: the ad form without a step, /ad?id=,
// /v2/search, /list and /li, /deeplink/view/{id}, /magasin and /boutique, the ad operation links (their modals are tested in
// MyAdsPage.test.tsx). The route keys: routeKeys.test.tsx.

import { screen, waitFor } from '@testing-library/react';
import { accessTokenFor, gateway, internalErrorResponse, pending, type GatewayCall } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

describe('the ad form without a step', () => {
  beforeEach(signIn);

  it.each([
    ['/ad/insert', '/ad/insert/1', ''],
    ['/fr/ad/insert?draft=d-1', '/fr/ad/insert/1', '?draft=d-1'],
  ])('%s opens step 1', async (from, pathname, search) => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getAdParams: () => [] }));
    const app = renderApp(from);
    expect(await screen.findByRole('form', { name: 'Catégorie' })).toBeInTheDocument();
    expect(app.pathname()).toBe(pathname);
    expect(app.search()).toBe(search);
  });

  it('/ad/edit/{id} opens step 1 of the edit', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyAd: () => pending() }));
    const app = renderApp('/ar/ad/edit/0193a8f0-0000-7000-8000-000000000001');
    await screen.findByRole('status', { name: 'جارٍ تحميل الإعلان…' });
    expect(app.pathname()).toBe('/ar/ad/edit/0193a8f0-0000-7000-8000-000000000001/1');
  });
});

describe('/ad?id=', () => {
  it.each([
    ['/ad?id=10000011', '/vi/10000011.htm', "Chargement de l'annonce…"],
    ['/ar/ad?listId=10000011', '/ar/vi/10000011.htm', 'جارٍ تحميل الإعلان…'],
  ])('%s opens the ad view', async (from, pathname, loading) => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getAd: () => pending(), getRelatedAds: () => [], getPremiumAds: () => [] }));
    const app = renderApp(from);
    expect(await screen.findByRole('status', { name: loading })).toBeInTheDocument();
    expect(app.pathname()).toBe(pathname);
  });

  it('is the 404 page without an ad number', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const app = renderApp('/ad?id=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/ad');
  });
});

describe('/v2/search', () => {
  it('opens the listing of the whole country with the query kept', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => pending() }));
    const app = renderApp('/v2/search?priceMax=90000&sort=newest');
    expect(await screen.findByRole('status', { name: 'Chargement des annonces…' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/maroc');
    expect(app.search()).toBe('?priceMax=90000&sort=newest');
  });

  it('puts the keyword in the listing path, in Arabic too', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => pending() }));
    const app = renderApp('/ar/v2/search?keyword=iPhone%2013&withPhotos=1');
    await screen.findByRole('heading', { level: 1 });
    expect(decodeURIComponent(app.pathname() ?? '')).toBe('/ar/المغرب/iphone-13');
    expect(app.search()).toBe('?withPhotos=1');
  });
});

describe('/list and /li', () => {
  function listingPending(calls: GatewayCall[] = []) {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ 'parse-url': () => pending(), searchAds: () => pending() }, calls));
  }

  it('/list opens the listing of its category and keyword in the app', async () => {
    listingPending();
    const app = renderApp('/list?category=2010&q=clio');
    await waitFor(() => {
      expect(app.pathname()).toBe('/maroc/voitures/clio');
    });
    expect(app.search()).toBe('');
    expect(await screen.findByRole('status', { name: 'Chargement des annonces…' })).toBeInTheDocument();
  });

  it('/li in Arabic puts the city, category and ad type in the path and keeps the other parameters', async () => {
    listingPending();
    const app = renderApp('/ar/li?city=1&category=2010&type=sell&priceMax=90000&sort=newest');
    await waitFor(() => {
      expect(decodeURIComponent(app.pathname() ?? '')).toBe('/ar/الدار-البيضاء/سيارات_عروض');
    });
    expect(app.search()).toBe('?priceMax=90000&sort=newest');
    await screen.findByRole('status', { name: 'جارٍ تحميل الإعلانات…' });
  });

  it('drops ids the catalogue does not know, keeps the fr prefix, and asks for no catalogue it does not need', async () => {
    const calls: GatewayCall[] = [];
    listingPending(calls);
    const app = renderApp('/fr/list?category=999&city=77');
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/maroc');
    });
    app.unmount();
    calls.length = 0;

    const bare = renderApp('/list?keyword=iPhone%2013');
    await waitFor(() => {
      expect(bare.pathname()).toBe('/maroc/iphone-13');
    });
    expect(calls.map((c) => c.operationName).filter((name) => name.startsWith('get'))).toEqual([]);
  });

  it('shows the 500 page when the catalogue fails on the server', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: () => internalErrorResponse(500) }));
    const app = renderApp('/list?category=2010');
    expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/list');
  });
});

describe('/deeplink/view/{id}', () => {
  it.each([
    ['/deeplink/view/10000011', '/vi/10000011.htm', '', "Chargement de l'annonce…"],
    ['/ar/deeplink/view/10000011?utm_source=app', '/ar/vi/10000011.htm', '?utm_source=app', 'جارٍ تحميل الإعلان…'],
  ])('%s opens the ad view in the app', async (from, pathname, search, loading) => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getAd: () => pending(), getRelatedAds: () => [], getPremiumAds: () => [] }));
    const app = renderApp(from);
    expect(await screen.findByRole('status', { name: loading })).toBeInTheDocument();
    expect(app.pathname()).toBe(pathname);
    expect(app.search()).toBe(search);
  });

  it('is the 404 page for an id that is no number', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const app = renderApp('/deeplink/view/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/deeplink/view/abc');
  });

  it('opens the home page without an id', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const app = renderApp('/ar/deeplink/view');
    expect(await screen.findByRole('heading', { level: 1, name: 'إعلانات مبوبة في المغرب' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/ar');
  });
});

describe('/magasin and /boutique without a name', () => {
  it.each([
    ['/magasin', '/boutiques', 'Chargement des boutiques…'],
    ['/boutique', '/boutiques', 'Chargement des boutiques…'],
    ['/ar/magasin', '/ar/boutiques', 'جارٍ تحميل المتاجر…'],
    ['/fr/boutique', '/fr/boutiques', 'Chargement des boutiques…'],
  ])('%s opens the shop directory', async (from, pathname, loading) => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getShops: () => pending() }));
    const app = renderApp(from);
    await waitFor(() => { expect(app.pathname()).toBe(pathname); });
    await screen.findByRole('status', { name: loading });
  });
});

describe('ad operation links', () => {
  beforeEach(signIn);

  it('/account/ad-operations opens my ads with the operation and the ad', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyAd: () => pending(), getMyAds: () => pending(), getMyAdsCount: () => pending() }));
    const app = renderApp('/account/ad-operations?action=deactivate&adId=ad-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/account/v2/my-ads');
    expect(app.search()).toBe('?action=deactivate&adId=ad-1');
  });

  it.each([
    ['/account/bulk?action=deactivate', '?status=ACTIVE&page=1&bulk=deactivate'],
    ['/ar/account/bulk?action=delete&adIds=a,b', '?status=DEACTIVATED&page=1&bulk=delete&adIds=a%2Cb'],
  ])('%s opens the tab of the operation', async (from, search) => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyAds: () => pending(), getMyAdsCount: () => pending() }));
    const app = renderApp(from);
    await screen.findByRole('heading', { level: 1 });
    expect(app.pathname()).toMatch(/\/account\/v2\/my-ads$/);
    expect(app.search()).toBe(search);
  });

  it('sends a visitor to sign in and back to the operation', async () => {
    document.cookie = 'souk_token=; Path=/; Max-Age=0';
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const app = renderApp('/account/ad-operations?action=delete&adId=ad-1');
    await screen.findByRole('heading', { level: 1 });
    expect(app.pathname()).toBe('/fr/account/signin');
    expect(new URLSearchParams(app.search()).get('next')).toBe('/account/v2/my-ads?action=delete&adId=ad-1');
  });
});
