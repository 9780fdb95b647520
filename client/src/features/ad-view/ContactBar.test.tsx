// The ad view's contact bar on a phone (below 728 px): "Call" reveals the number as a call
// link, "Send a message" opens the contact form; the side column then offers neither twice;
// no bar on a desktop, none for the ad's owner, and only the message for a hidden number; a
// product in stock adds "Buy" to the bar (to the checkout), a sold-out one does not.

import { fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, gateway, type GatewayCall } from '../../../test/fixtures';
import { listAd, publicAd } from '../../../test/adFixtures';
import { renderApp } from '../../../test/renderApp';

const RESOLVERS = {
  getAd: () => publicAd(),
  getRelatedAds: () => [listAd({ listId: 10000002, title: 'Renault Clio 2016' })],
  getPremiumAds: () => [],
};

/** A window `width` px wide, as far as `(max-width: …)` media queries go. */
function viewport(width: number) {
  const matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      media: query,
      matches: max ? width <= Number(max[1]) : false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as MediaQueryList;
  };
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('ad view contact bar', () => {
  it('calls and messages from the bar on a phone, and not twice from the side column', async () => {
    viewport(390);
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ ...RESOLVERS, showAdPhone: () => '0612345678' }, calls));
    renderApp('/vi/10000001.htm');

    const bar = await screen.findByRole('group', { name: 'Contacter le vendeur' });
    expect(screen.queryByRole('button', { name: 'Afficher le numéro' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Envoyer un message|Contacter le vendeur/ })).toHaveLength(1);

    fireEvent.click(within(bar).getByRole('button', { name: 'Appeler' }));
    expect(await within(bar).findByRole('link', { name: '0612345678' })).toHaveAttribute('href', 'tel:0612345678');
    expect(calls.find((c) => c.operationName === 'showAdPhone')?.variables).toEqual({ listId: 10000001 });

    fireEvent.click(within(bar).getByRole('button', { name: 'Envoyer un message' }));
    expect(await screen.findByRole('dialog', { name: 'Contacter le vendeur' })).toBeInTheDocument();
  });

  it.each([
    ['fr', 'Contacter le vendeur', 'Acheter', 'Message', 'Envoyer un message'],
    ['ar', 'التواصل مع البائع', 'شراء', 'رسالة', 'إرسال رسالة'],
  ] as const)('adds Buy for a product in stock, to the checkout, with the short message label so the three fit, and none when sold out (%s)', async (language, label, buy, short, long) => {
    viewport(390);
    const product = {
      id: 'p1',
      units: 3,
      status: 'active',
      unitPrice: { centimes: 25000, withCurrency: '250 DH' },
      finalPrice: { centimes: 25000, withCurrency: '250 DH', withoutCurrency: '250' },
      discount: null,
    };
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ ...RESOLVERS, getAd: () => ({ ...publicAd(), product }) }));
    const first = renderApp(`/${language}/vi/10000001.htm`);
    const bar = await screen.findByRole('group', { name: label });
    expect(within(bar).getByRole('link', { name: buy })).toHaveAttribute('href', `/${language}/ecom/checkout?listId=10000001&quantity=1`);
    expect(within(bar).getByRole('button', { name: short })).toBeInTheDocument();
    first.unmount();

    fetchMock.mockImplementation(gateway({ ...RESOLVERS, getAd: () => ({ ...publicAd(), product: { ...product, units: 0, status: 'outOfStock' } }) }));
    renderApp(`/${language}/vi/10000001.htm`);
    const soldOut = await screen.findByRole('group', { name: label });
    expect(within(soldOut).queryByRole('link', { name: buy })).not.toBeInTheDocument();
    expect(within(soldOut).getByRole('button', { name: long })).toBeInTheDocument();
  });

  it('is in Arabic under /ar, and offers only the message when the number is hidden', async () => {
    viewport(390);
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ ...RESOLVERS, getAd: () => publicAd({}, true) }));
    renderApp('/ar/vi/10000001.htm');
    const bar = await screen.findByRole('group', { name: 'التواصل مع البائع' });
    expect(within(bar).getAllByRole('button').map((button) => button.textContent)).toEqual(['إرسال رسالة']);
  });

  it('is not shown on a desktop, where the side column keeps both actions', async () => {
    viewport(1366);
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(RESOLVERS));
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('button', { name: 'Afficher le numéro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contacter le vendeur' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Contacter le vendeur' })).not.toBeInTheDocument();
  });

  it("is not shown to the ad's owner", async () => {
    viewport(390);
    document.cookie = `souk_token=${accessTokenFor({ accountId: 7 })}; Path=/`;
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(RESOLVERS));
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Contacter le vendeur' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeler' })).not.toBeInTheDocument();
  });
});
