// The ad view's buying actions: an ad selling a seller-centre product shows its price with the
// promo, delivery and cash on delivery, and "Acheter" / "شراء" to the checkout (a visitor meets
// the login wall, then lands on the checkout); a sold-out product reads "Épuisé", disabled; an
// ordinary ad has no Buy action. The home-delivery request goes through its 4 steps (info,
// address, summary, thanks), each checked before the next, and sends requestDelivery once.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listAd, publicAd } from '../../../test/adFixtures';
import { gateway, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { checkoutQuote, signInBuyer, nth } from '../../../test/sellerFixtures';

import type { PublicProduct } from '../../api/ads';

const PRODUCT: PublicProduct = {
  id: 'p1',
  units: 3,
  status: 'active',
  unitPrice: { centimes: 25000, withCurrency: '250 DH' },
  finalPrice: { centimes: 20000, withCurrency: '200 DH', withoutCurrency: '200' },
  discount: { kind: 'percent', value: 20 },
};

function resolvers(product: PublicProduct | null, delivery = true, calls: GatewayCall[] = []) {
  return gateway(
    {
      getAd: () => ({ ...publicAd({ delivery, title: 'Tajine en terre cuite' }), product }),
      getRelatedAds: () => [listAd({ listId: 10000002 })],
      getPremiumAds: () => [],
      collectPerformanceEvent: () => true,
      getCheckout: () => checkoutQuote(),
      loginByIdentifier: () => tokenPair({ accountId: 42 }),
      getAreas: () => [{ id: 101, label: { fr: 'Maârif', ar: 'المعاريف' }, slug: { fr: 'maarif', ar: 'المعاريف' } }],
      requestDelivery: ({ variables }) => ({
        id: 'd1',
        listId: 10000001,
        adTitle: 'Tajine en terre cuite',
        firstName: (variables.input as { firstName: string }).firstName,
        city: 'Casablanca',
        areaId: 101,
        address: '12 rue Atlas',
        createdAt: '2026-05-29T08:00:00Z',
        callbackBefore: '2026-05-29T10:00:00Z',
      }),
    },
    calls,
  );
}

it.each([
  ['fr', 'Acheter', 'Livraison à domicile partout au Maroc', 'Paiement à la livraison', 'Plus que 3 unités en stock'],
  ['ar', 'شراء', 'التوصيل إلى المنزل في جميع أنحاء المغرب', 'الدفع عند الاستلام', 'لم تتبق سوى 3 وحدات'],
] as const)('offers to buy a product with its promo, delivery and cash on delivery (%s)', async (language, buy, delivery, cod, stock) => {
  signInBuyer();
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(PRODUCT));
  const app = renderApp(`/${language}/vi/10000001.htm`);
  const box = await screen.findByRole('region', { name: language === 'ar' ? 'الشراء عبر الإنترنت' : 'Acheter en ligne' });
  expect(box).toHaveTextContent('200 DH');
  expect(box).toHaveTextContent('250 DH');
  expect(box).toHaveTextContent(language === 'ar' ? 'خصم 20٪' : '-20 %');
  expect(box).toHaveTextContent(delivery);
  expect(box).toHaveTextContent(cod);
  expect(box).toHaveTextContent(stock);
  const action = within(box).getByRole('link', { name: buy });
  expect(action).toHaveAttribute('href', `/${language}/ecom/checkout?listId=10000001&quantity=1`);
  fireEvent.click(action);
  await waitFor(() => {
    expect(app.pathname()).toBe(`/${language}/ecom/checkout`);
  });
});

it('opens the login wall for a visitor, and goes on to the checkout after sign-in', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(PRODUCT));
  const app = renderApp('/fr/vi/10000001.htm');
  fireEvent.click(await screen.findByRole('link', { name: 'Acheter' }));
  const wall = await screen.findByRole('dialog');
  expect(app.pathname()).toBe('/fr/vi/10000001.htm');
  fireEvent.change(within(wall).getByLabelText('Numéro de téléphone'), { target: { value: '0612345678' } });
  fireEvent.change(within(wall).getByLabelText('Mot de passe'), { target: { value: 'secret-1' } });
  fireEvent.click(within(wall).getByRole('button', { name: 'Se connecter' }));
  await waitFor(() => {
    expect(app.pathname()).toBe('/fr/ecom/checkout');
  });
  expect(app.search()).toBe('?listId=10000001&quantity=1');
});

it('reads "Épuisé", disabled, when the product is out of stock', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers({ ...PRODUCT, units: 0, status: 'outOfStock' }));
  renderApp('/fr/vi/10000001.htm');
  expect(await screen.findByRole('button', { name: 'Épuisé' })).toBeDisabled();
  expect(screen.queryByRole('link', { name: 'Acheter' })).not.toBeInTheDocument();
  expect(screen.getByText('Rupture de stock')).toBeInTheDocument();
});

it('has no Buy action on an ordinary ad', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(null, false));
  renderApp('/fr/vi/10000001.htm');
  await screen.findByRole('heading', { level: 1, name: 'Tajine en terre cuite' });
  expect(screen.queryByRole('link', { name: 'Acheter' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Demander la livraison à domicile' })).not.toBeInTheDocument();
});

it('requests a home delivery in 4 steps: info, address, summary, thanks', async () => {
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(resolvers(null, true, calls));
  renderApp('/fr/vi/10000001.htm');
  fireEvent.click(await screen.findByRole('button', { name: 'Demander la livraison à domicile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Livraison à domicile' });
  const step = () => within(dialog).getByRole('list', { name: 'Étapes de la demande' }).querySelector('[aria-current="step"]')?.textContent;
  expect(step()).toBe('1Vos informations');

  // Step 1 is checked before the next.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
  expect(within(dialog).getByLabelText('Prénom')).toHaveAccessibleDescription('Ce champ est obligatoire');
  expect(step()).toBe('1Vos informations');
  fireEvent.change(within(dialog).getByLabelText('Prénom'), { target: { value: 'Salma' } });
  fireEvent.change(within(dialog).getByLabelText('Téléphone'), { target: { value: '06 12 34 56 78' } });
  fireEvent.change(within(dialog).getByLabelText('Adresse e-mail'), { target: { value: 'salma@example.ma' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
  expect(step()).toBe('2Adresse');

  // Step 2: city, area, address.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
  expect(await within(dialog).findByText('Veuillez choisir une ville')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Ville'), { target: { value: '1' } });
  fireEvent.change(await within(dialog).findByLabelText('Quartier'), { target: { value: '101' } });
  fireEvent.change(within(dialog).getByLabelText('Adresse de livraison'), { target: { value: '12 rue Atlas' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
  expect(step()).toBe('3Récapitulatif');

  // Step 3: the summary, the 2-hour callback promise; sent once.
  expect(dialog).toHaveTextContent('Salma');
  expect(dialog).toHaveTextContent('0612345678');
  expect(dialog).toHaveTextContent('12 rue Atlas, Maârif, Casablanca');
  expect(dialog).toHaveTextContent('Un conseiller vous rappelle dans les 2 heures');
  expect(calls.some((c) => c.operationName === 'requestDelivery')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));

  // Step 4: thanks, with the callback time.
  expect(await within(dialog).findByRole('heading', { name: 'Merci Salma !' })).toBeInTheDocument();
  expect(step()).toBe('4Merci');
  expect(dialog).toHaveTextContent(/Un conseiller vous rappelle avant \d{2}:\d{2}/);
  expect(calls.filter((c) => c.operationName === 'requestDelivery').map((c) => c.variables)).toEqual([
    { input: { listId: 10000001, firstName: 'Salma', email: 'salma@example.ma', phone: '0612345678', cityId: 1, areaId: 101, address: '12 rue Atlas' } },
  ]);
  const closes = within(dialog).getAllByRole('button', { name: 'Fermer' });
  fireEvent.click(nth(closes, closes.length - 1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
