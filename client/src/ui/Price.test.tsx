// Prices on every screen that shows one (home premium gallery, listing cards, the ad view with
// its related and premium ads, a shop page, favorites, my ads, my orders, the ad form's price
// advice), in French and Arabic: the amount is the server's "196 000 DH" inside a <bdi>, the
// bidirectional isolate that keeps an Arabic line from reordering it into "DH 000 196" (the
// browser journeys measure that order in Chromium: e2e/support/rtl.mjs); an ad without a price
// says so in the page's language, outside any isolate.

import { render, screen, waitFor, within } from '@testing-library/react';
import { listAd, publicAd } from '../../test/adFixtures';
import { accessTokenFor, gateway, type GatewayCall } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { IntlProvider } from 'react-intl';
import { arMessages as ar, frMessages as fr } from '../app/messagesForTests';
import { Amount, PriceText } from './Price';

const PRICE = { withCurrency: '196 000 DH', withoutCurrency: '196 000', value: 196000 };
const NONE = { fr: 'Prix non indiqué', ar: 'السعر غير محدد' } as const;
const LANGUAGES = ['fr', 'ar'] as const;

function mockGateway(resolvers: Record<string, (call: GatewayCall) => unknown>) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(resolvers));
}

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

/** Every element showing `text` is a bidirectional isolate. */
async function expectIsolated(text: string, count: number) {
  await waitFor(() => {
    expect(screen.queryAllByText(text)).toHaveLength(count);
  });
  for (const element of screen.getAllByText(text)) expect(element.tagName).toBe('BDI');
}

describe('PriceText', () => {
  it.each(LANGUAGES)('isolates the amount and words a missing price (%s)', (language) => {
    render(
      <IntlProvider locale={language} messages={language === 'ar' ? ar : fr}>
        <p>
          <PriceText price={PRICE} />
        </p>
        <p data-testid="none">
          <PriceText price={null} />
        </p>
        <p>
          <Amount text="450 DH" />
        </p>
      </IntlProvider>,
    );
    expect(screen.getByText('196 000 DH').tagName).toBe('BDI');
    expect(screen.getByText('450 DH').tagName).toBe('BDI');
    expect(screen.getByTestId('none')).toHaveTextContent(NONE[language]);
    expect(screen.getByTestId('none').querySelector('bdi')).toBeNull();
  });
});

describe.each(LANGUAGES)('prices on the screens (%s)', (language) => {
  const priced = (listId: number, title: string) => listAd({ listId, title, price: PRICE });

  it('home premium gallery', async () => {
    mockGateway({ getPremiumAds: () => [priced(10000005, 'Villa avec piscine'), listAd({ listId: 10000006, title: 'Terrain', price: null })] });
    renderApp(`/${language}`);
    await expectIsolated('196 000 DH', 1);
    expect(screen.getByText(NONE[language])).toBeInTheDocument();
  });

  it('listing cards, premium slots included', async () => {
    mockGateway({
      'parse-url': () => ({
        language,
        locations: [{ level: 'city', id: 1, slug: 'casablanca', name: 'Casablanca' }],
        category: { id: 2010, slug: 'voitures', name: 'Voitures' },
        adType: null,
        keyword: null,
      }),
      searchAds: () => ({
        ads: [priced(101, 'Dacia Logan'), priced(102, 'Renault Clio')],
        premium: [priced(103, 'Peugeot 208')],
        total: 3,
        totalCapped: false,
        extended: null,
        facets: { categories: [], cities: [] },
        offset: 0,
        limit: 12,
      }),
      getRecentSearches: () => [],
      getAreas: () => [],
    });
    renderApp(`/${language}/casablanca/voitures`);
    await expectIsolated('196 000 DH', 3);
  });

  it('the ad view, its related and its premium ads', async () => {
    mockGateway({
      getAd: () => publicAd({ price: PRICE }),
      getRelatedAds: () => [priced(10000002, 'Renault Clio 2016')],
      getPremiumAds: () => [priced(10000003, 'Villa à Agadir')],
    });
    renderApp(`/${language}/vi/10000001.htm`);
    await expectIsolated('196 000 DH', 3);
  });

  it('a shop page', async () => {
    mockGateway({
      getShop: () => ({
        shop: { storeId: 7, name: 'Auto Atlas', slug: 'auto-atlas-7', url: '/boutique/auto-atlas-7', city: 'Casablanca', categoryId: 2010, shortDescription: null, description: null, address: null, website: null, logo: null, isVerifiedSeller: false, offersDelivery: false },
        ads: [priced(501, 'Kia Picanto 2021')],
        count: 1,
        categories: [],
      }),
    });
    renderApp(`/${language}/boutique/auto-atlas-7`);
    await expectIsolated('196 000 DH', 1);
  });

  it('favorites', async () => {
    signIn();
    mockGateway({ getMySavedAds: () => ({ ads: [{ listId: 7, title: 'Appartement Maarif', image: null, price: PRICE }], count: 1 }) });
    renderApp(`/${language}/account/v2/my-favorites`);
    await expectIsolated('196 000 DH', 1);
  });

  it('my ads', async () => {
    signIn();
    mockGateway({
      getMyAdsCount: () => ({ countByStatus: [{ status: 'ACTIVE', count: 1 }] }),
      getMyAds: () => ({ ads: [priced(1, 'Dacia Logan')], count: { total: 1 } }),
    });
    renderApp(`/${language}/account/v2/my-ads`);
    await expectIsolated('196 000 DH', 1);
  });

  it('my orders', async () => {
    signIn();
    mockGateway({
      getMyPurchaseOrders: () => ({
        orders: [{ id: 'C-1', product: { sku: 'S', listId: null, name: 'Casque', thumbnail: null }, total: '1 262 DH', status: 'initiated', date: '2026-11-20T10:00:00Z', paymentMethod: 'cod' }],
        count: 1,
      }),
    });
    renderApp(`/${language}/account/v2/my-orders`);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1 262 DH').tagName).toBe('BDI');
  });
});
