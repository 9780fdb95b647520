// The e-commerce checkout (/ecom/checkout?listId=&quantity=, spec §2, §3 checkout delivery, §6):
// a visitor signs in first; the saved details prefill the form; the summary shows unit price,
// discount, delivery fee and total; the quantity stays within maxQuantity; the details are
// checked before sending; a submit retried after a failure sends the same orderKey; the
// refusals are worded in fr and ar (OUT_OF_STOCK with how many are left); a placed order ends on
// the confirmation that leads to my orders.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gateway, internalErrorResponse, jsonResponse, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { checkoutQuote, money, signInBuyer } from '../../../test/sellerFixtures';
import { isUuid } from '../../lib/uuid';

const SAVED = { fullName: 'Salma Bennani', email: 'salma@example.ma', phone: '0612345678', address: '12 rue Atlas, Maârif', cityId: 1 };

function placed(quantity = 2) {
  return {
    id: '41',
    product: { sku: 'TAJ-01', listId: 10000001, name: 'Tajine en terre cuite', thumbnail: '/t1.jpg' },
    unitsSold: quantity,
    total: `${String(225 * quantity + 30)} DH`,
    status: 'PENDING',
    buyerStatus: 'initiated',
    date: '2026-05-29T08:26:40Z',
    paymentMethod: 'cod',
  };
}

function outOfStock(language: 'fr' | 'ar', units: number) {
  const message = language === 'ar' ? `المخزون غير كافٍ: لم يتبق من هذا المنتج سوى ${String(units)} وحدة` : `Stock insuffisant : il ne reste que ${String(units)} unité(s) de ce produit`;
  return jsonResponse({ data: null, errors: [{ message, extensions: { code: 'OUT_OF_STOCK', messageKey: 'checkout.error.outOfStock', units } }] });
}

it('sends a visitor to sign in first, and back to the checkout afterwards', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
  const app = renderApp('/fr/ecom/checkout?listId=10000001&quantity=2');
  await waitFor(() => {
    expect(app.pathname()).toBe('/fr/account/signin');
  });
  expect(new URLSearchParams(app.search()).get('next')).toBe('/fr/ecom/checkout?listId=10000001&quantity=2');
});

it('prefills the saved details and shows the order summary in DH', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ getCheckout: ({ variables }) => checkoutQuote({ quantity: Number(variables.quantity), savedDetails: SAVED }) }, calls),
  );
  renderApp('/fr/ecom/checkout?listId=10000001&quantity=2');
  expect(await screen.findByLabelText('Nom complet')).toHaveValue('Salma Bennani');
  expect(screen.getByLabelText('Téléphone')).toHaveValue('0612345678');
  expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('salma@example.ma');
  expect(screen.getByLabelText('Adresse de livraison')).toHaveValue('12 rue Atlas, Maârif');
  await waitFor(() => {
    expect(screen.getByLabelText('Ville')).toHaveValue('1');
  });
  const summary = screen.getByRole('region', { name: 'Votre commande' });
  expect(summary).toHaveTextContent('Prix unitaire250 DH');
  expect(summary).toHaveTextContent('Remise par unité− 25 DH');
  expect(summary).toHaveTextContent('Sous-total (2 articles)450 DH');
  expect(summary).toHaveTextContent('Livraison30 DH');
  expect(summary).toHaveTextContent('Total à payer à la livraison480 DH');
  expect(summary).toHaveTextContent('Paiement à la livraison, en espèces');
  expect(screen.getByRole('button', { name: 'Commander · 480 DH' })).toBeEnabled();
  expect(calls.find((c) => c.operationName === 'getCheckout')?.variables).toEqual({ listId: 10000001, quantity: 2 });
});

it('keeps the quantity within what the product has left', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ getCheckout: ({ variables }) => checkoutQuote({ quantity: Math.min(3, Number(variables.quantity)), maxQuantity: 3 }) }, calls),
  );
  const app = renderApp('/fr/ecom/checkout?listId=10000001&quantity=2');
  const more = await screen.findByRole('button', { name: 'Une unité de plus' });
  expect(screen.getByLabelText('Quantité')).toHaveValue(2);
  fireEvent.click(more);
  await waitFor(() => {
    expect(screen.getByLabelText('Quantité')).toHaveValue(3);
  });
  expect(new URLSearchParams(app.search()).get('quantity')).toBe('3');
  expect(screen.getByRole('button', { name: 'Une unité de plus' })).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Quantité'), { target: { value: '40' } });
  fireEvent.blur(screen.getByLabelText('Quantité'));
  expect(screen.getByLabelText('Quantité')).toHaveValue(3);
  expect(screen.getByText("Jusqu'à 3 unités")).toBeInTheDocument();
});

it('checks the delivery details before sending anything', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCheckout: () => checkoutQuote() }, calls));
  renderApp('/fr/ecom/checkout?listId=10000001&quantity=1');
  fireEvent.change(await screen.findByLabelText('Téléphone'), { target: { value: '12345' } });
  fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'pas-un-email' } });
  fireEvent.click(screen.getByRole('button', { name: /^Commander/ }));
  expect(await screen.findByText('Complétez les informations de livraison signalées.')).toBeInTheDocument();
  expect(screen.getByLabelText('Téléphone')).toHaveAccessibleDescription('Numéro de téléphone invalide');
  expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription('Adresse e-mail invalide');
  expect(screen.getByLabelText('Nom complet')).toHaveAccessibleDescription('Ce champ est obligatoire');
  expect(screen.getByLabelText('Ville')).toHaveAccessibleDescription('Veuillez choisir une ville');
  expect(calls.some((c) => c.operationName === 'placeOrder')).toBe(false);
});

it('sends the same orderKey when a failed submit is tried again, then shows the confirmation', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  let attempts = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway(
      {
        getCheckout: ({ variables }) => checkoutQuote({ quantity: Number(variables.quantity), savedDetails: SAVED }),
        placeOrder: () => {
          attempts += 1;
          // The first attempt fails on the server's side (the order may or may not exist).
          return attempts === 1 ? internalErrorResponse() : placed();
        },
      },
      calls,
    ),
  );
  renderApp('/fr/ecom/checkout?listId=10000001&quantity=2');
  await waitFor(() => {
    expect(screen.getByLabelText('Ville')).toHaveValue('1');
  });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Mémoriser ces informations pour mes prochaines commandes' }));
  fireEvent.click(screen.getByRole('button', { name: 'Commander · 480 DH' }));
  expect(await screen.findByText('Erreur Veuillez réessayer plus tard')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Commander · 480 DH' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est passée !' })).toBeInTheDocument();

  const sent = calls.filter((c) => c.operationName === 'placeOrder').map((c) => (c.variables.input as { orderKey: string }).orderKey);
  expect(sent).toHaveLength(2);
  expect(isUuid(sent[0])).toBe(true);
  expect(sent[1]).toBe(sent[0]);
  expect(calls.find((c) => c.operationName === 'placeOrder')?.variables.input).toEqual({
    orderKey: sent[0],
    listId: 10000001,
    quantity: 2,
    paymentMethod: 'cod',
    delivery: { fullName: 'Salma Bennani', email: 'salma@example.ma', phone: '0612345678', address: '12 rue Atlas, Maârif', cityId: 1 },
    rememberDetails: false,
  });
  expect(screen.getByText('#41')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Suivre mes commandes' })).toHaveAttribute('href', '/fr/account/v2/my-orders?status=initiated&page=1');
});

it.each([
  ['fr', 'Stock insuffisant : il ne reste que 1 unité(s) de ce produit', 'Commander · 480 DH'],
  ['ar', 'المخزون غير كافٍ: لم يتبق من هذا المنتج سوى 1 وحدة', 'تأكيد الطلب · 480 DH'],
] as const)('says how many units are left when the stock is short (%s)', async (language, wording, submit) => {
  signInBuyer();
  let units = 5;
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({
      getCheckout: ({ variables }) =>
        checkoutQuote({ quantity: Number(variables.quantity), maxQuantity: units, savedDetails: SAVED, product: { ...checkoutQuote().product, units } }),
      placeOrder: () => {
        units = 1;
        return outOfStock(language, 1);
      },
    }),
  );
  renderApp(`/${language}/ecom/checkout?listId=10000001&quantity=2`);
  await waitFor(() => {
    expect(within(screen.getByRole('main')).getByRole('combobox')).toHaveValue('1');
  });
  fireEvent.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByRole('alert')).toHaveTextContent(wording);
  // The quote is read again: the quantity now stops at what is left.
  await waitFor(() => {
    expect(screen.getByLabelText(language === 'ar' ? 'الكمية' : 'Quantité')).toHaveValue(1);
  });
});

it('refuses one\u2019s own product in the page language', async () => {
  signInBuyer();
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({
      getCheckout: () => checkoutQuote({ savedDetails: SAVED, total: money(255) }),
      placeOrder: () => jsonResponse({ data: null, errors: [{ message: 'x', extensions: { code: 'CANNOT_BUY_OWN_PRODUCT', messageKey: 'checkout.error.ownProduct' } }] }),
    }),
  );
  renderApp('/ar/ecom/checkout?listId=10000001&quantity=1');
  await waitFor(() => {
    expect(within(screen.getByRole('main')).getByRole('combobox')).toHaveValue('1');
  });
  fireEvent.click(screen.getByRole('button', { name: 'تأكيد الطلب · 255 DH' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('لا يمكنك شراء منتجك الخاص');
});

it('disables the order of a sold-out product', async () => {
  signInBuyer();
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ getCheckout: () => checkoutQuote({ maxQuantity: 0, product: { ...checkoutQuote().product, units: 0, status: 'outOfStock' } }) }),
  );
  renderApp('/fr/ecom/checkout?listId=10000001&quantity=1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Ce produit est épuisé');
  expect(screen.getByRole('button', { name: /^Commander/ })).toBeDisabled();
});
