// The seller centre's products and payments (spec §2: desktop only) and the product form
// (spec §5 product insert): a phone gets the desktop-only notice instead of the table; the
// products with their price, discount, stock and the operations each one's allowedActions
// offers (delete only after a confirmation; stock and discount checked before sending); the
// form's own checks, the server's refusal under the field it names, and the insert success.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr, installFakeXhr } from '../../../test/fakeXhr';
import { gateway, graphqlError, jsonResponse, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { counts, product, sellerPayments, sellerSummary, signInSeller, viewport, nth } from '../../../test/sellerFixtures';

import type { Product } from '../../api/seller';

function sellerGateway(products: Product[], calls: GatewayCall[] = [], extra: Parameters<typeof gateway>[0] = {}) {
  const answer = ({ variables }: GatewayCall) => products.find((p) => p.id === variables.id) ?? products[0];
  return gateway(
    {
      getMySellerSummary: () => sellerSummary(),
      getMyProducts: () => ({ products, count: products.length }),
      getMyProductsCounts: () => [
        { status: 'active', count: 4 },
        { status: 'outOfStock', count: 1 },
        { status: 'deactivated', count: 0 },
      ],
      getMySellerPayments: () => sellerPayments(),
      getMySaleOrdersCounts: () => counts({}),
      deleteProduct: answer,
      adjustProductStock: answer,
      applyProductDiscount: answer,
      deactivateProduct: answer,
      ...extra,
    },
    calls,
  );
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

it.each([
  ['fr', '/fr/account/seller/my-products?status=active&page=1', 'Disponible sur ordinateur', /gestion de vos produits/],
  ['ar', '/ar/account/seller/my-products?status=active&page=1', 'متاح على الحاسوب', /إدارة منتجاتك/],
  ['fr', '/fr/account/seller/my-payments?page=1', 'Disponible sur ordinateur', /détail de vos paiements/],
  ['fr', '/fr/product/insert', 'Disponible sur ordinateur', /gestion de vos produits/],
])('a phone gets the desktop-only notice instead of the screen (%s %s)', async (_language, path, title, body) => {
  viewport('phone');
  signInSeller();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1')], calls));
  renderApp(path);
  const notice = await screen.findByRole('region', { name: title });
  expect(notice).toHaveTextContent(body);
  // Orders still work on a phone: the notice leads there.
  expect(within(notice).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/\/account\/seller\/my-orders\?status=pending&page=1$/));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'getMyProducts' || c.operationName === 'getMySellerPayments')).toBe(false);
});

it('lists the products with price, promo, stock and the operations they allow; the counts in the tabs', async () => {
  viewport('desktop');
  signInSeller();
  const deactivated = product('p2', { name: 'Lampe en laiton', status: 'deactivated', discount: null, finalPrice: product('x').unitPrice, allowedActions: ['edit', 'activate', 'delete', 'adjustStock', 'applyDiscount'] });
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1'), deactivated]));
  renderApp('/fr/account/seller/my-products?status=active&page=1');
  const table = await screen.findByRole('table', { name: 'Vos produits' });
  const rows = within(table).getAllByRole('row');
  const first = nth(rows, 1);
  const second = nth(rows, 2);
  expect(first).toHaveTextContent('Tajine en terre cuite');
  expect(first).toHaveTextContent('Réf. TAJ-01');
  expect(first).toHaveTextContent('225 DH250 DH-10 %');
  expect(within(first).getByRole('group').textContent).toBe('ModifierStockRemiseDésactiverSupprimer');
  expect(within(first).getByRole('link', { name: 'Modifier' })).toHaveAttribute('href', '/fr/product/edit/p1');
  expect(within(second).getByRole('group').textContent).toBe('ModifierStockRemiseActiverSupprimer');
  const tabs = screen.getByRole('navigation', { name: 'Statut des produits' });
  await waitFor(() => {
    expect(within(tabs).getByRole('link', { name: /Actifs/ })).toHaveTextContent('Actifs4');
  });
  expect(within(tabs).getByRole('link', { name: /En rupture/ })).toHaveTextContent('1');
});

it('deletes a product only after confirming, and checks stock and discount before sending', async () => {
  viewport('desktop');
  signInSeller();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1')], calls));
  renderApp('/fr/account/seller/my-products?status=active&page=1');
  await screen.findByRole('table', { name: 'Vos produits' });

  fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce produit ?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Non, garder' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'deleteProduct')).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer définitivement' }));
  expect(await screen.findByText('« Tajine en terre cuite » est supprimé')).toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'deleteProduct').map((c) => c.variables)).toEqual([{ id: 'p1' }]);

  fireEvent.click(screen.getByRole('button', { name: 'Stock' }));
  const stock = await screen.findByRole('dialog', { name: 'Stock de « Tajine en terre cuite »' });
  fireEvent.change(within(stock).getByLabelText('Stock (unités)'), { target: { value: '-3' } });
  fireEvent.click(within(stock).getByRole('button', { name: 'Enregistrer le stock' }));
  expect(within(stock).getByText(/^Indiquez un stock entre 0 et 100[.\s]000 unités$/)).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'adjustProductStock')).toBe(false);
  fireEvent.change(within(stock).getByLabelText('Stock (unités)'), { target: { value: '0' } });
  fireEvent.click(within(stock).getByRole('button', { name: 'Enregistrer le stock' }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  expect(calls.filter((c) => c.operationName === 'adjustProductStock').map((c) => c.variables)).toEqual([{ id: 'p1', units: 0 }]);

  fireEvent.click(screen.getByRole('button', { name: 'Remise' }));
  const discount = await screen.findByRole('dialog', { name: 'Remise sur « Tajine en terre cuite »' });
  fireEvent.change(within(discount).getByLabelText('Remise (%)'), { target: { value: '95' } });
  fireEvent.click(within(discount).getByRole('button', { name: 'Appliquer la remise' }));
  expect(within(discount).getByText('La remise doit être comprise entre 1 et 90 %')).toBeInTheDocument();
  fireEvent.click(within(discount).getByRole('radio', { name: 'Montant en DH' }));
  fireEvent.change(within(discount).getByLabelText('Remise (DH)'), { target: { value: '30' } });
  fireEvent.click(within(discount).getByRole('button', { name: 'Appliquer la remise' }));
  await waitFor(() => {
    expect(calls.filter((c) => c.operationName === 'applyProductDiscount').map((c) => c.variables)).toEqual([
      { id: 'p1', discount: { kind: 'amount', value: 30 } },
    ]);
  });
});

it('shows the payments: due, unpaid, next transfer, commission, and each order with its net', async () => {
  viewport('desktop');
  signInSeller();
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1')]));
  renderApp('/fr/account/seller/my-payments?page=1');
  const table = await screen.findByRole('table', { name: 'Paiements par commande' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/#41Tajine en terre cuite450 DH− 36 DH414 DHAu prochain virement29 mai 2026/);
  expect(screen.getByText('À recevoir au prochain virement').parentElement).toHaveTextContent('414 DH');
  await waitFor(() => {
    expect(screen.getByText('Commission Souk').parentElement).toHaveTextContent(/8\s?%/);
  });
});

describe('the product form', () => {
  beforeEach(() => {
    viewport('desktop');
    signInSeller();
  });

  it('checks the fields in the browser: the sub-category is required, the name, price, photos', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1')], calls));
    renderApp('/fr/product/insert');
    fireEvent.click(await screen.findByRole('button', { name: 'Publier le produit' }));
    expect(await screen.findByText('Choisissez la sous-catégorie du produit')).toBeInTheDocument();
    expect(screen.getByText('Donnez un nom à votre produit')).toBeInTheDocument();
    expect(screen.getByText('Ajoutez au moins une photo du produit')).toBeInTheDocument();
    expect(screen.getByText('Indiquez un prix unitaire en DH (nombre entier, au moins 1)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('5 champs sont à corriger');
    expect(screen.getByLabelText(/Sous-catégorie/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.operationName === 'insertProduct')).toBe(false);
  });

  it('edits a product: the server refusal shows under the field it names; saved, it goes back to the products', async () => {
    const calls: GatewayCall[] = [];
    let refuse = true;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      sellerGateway([product('p1')], calls, {
        getMyProduct: () => product('p1'),
        editProduct: () => {
          if (!refuse) return product('p1', { name: 'Tajine de Safi' });
          refuse = false;
          return jsonResponse({
            data: null,
            errors: [{ message: 'Valeur invalide', extensions: { code: 'INVALID_ARGUMENT', messageKey: 'validation.invalidValue', detail: 'unitPrice: above the maximum' } }],
          });
        },
      }),
    );
    const app = renderApp('/fr/product/edit/p1');
    const name = await screen.findByLabelText(/Nom du produit/);
    expect(name).toHaveValue('Tajine en terre cuite');
    expect(screen.getByLabelText(/Prix unitaire/)).toHaveValue(250);
    expect(screen.getByRole('radio', { name: 'Pourcentage' })).toBeChecked();
    fireEvent.change(name, { target: { value: 'Tajine de Safi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => {
      expect(screen.getByLabelText(/Prix unitaire/)).toHaveAttribute('aria-invalid', 'true');
    });
    expect(screen.getByLabelText(/Prix unitaire/)).toHaveAccessibleDescription('Valeur invalide');
    const sent = calls.find((c) => c.operationName === 'editProduct')?.variables;
    expect(sent).toMatchObject({
      id: 'p1',
      input: { name: 'Tajine de Safi', categoryId: 5010, cityId: 1, mediaIds: ['ads/p1/large.jpg'], units: 12, unitPrice: 250, discount: { kind: 'percent', value: 10 }, reference: 'TAJ-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('« Tajine de Safi » est enregistré')).toBeInTheDocument();
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/account/seller/my-products');
    });
  });

  it('uploads the photos through the ad photo pipeline and ends an insert on the insert success screen', async () => {
    const restore = installFakeXhr();
    try {
      const calls: GatewayCall[] = [];
      jest.spyOn(globalThis, 'fetch').mockImplementation(
        sellerGateway([product('p1')], calls, {
          insertProduct: () => product('p9', { listId: 10000009, name: 'Tajine de Safi', discount: null, finalPrice: product('x').unitPrice, units: 4 }),
        }),
      );
      renderApp('/fr/product/insert');
      fireEvent.change(await screen.findByLabelText(/Nom du produit/), { target: { value: 'Tajine de Safi' } });
      const category = screen.getByLabelText(/Sous-catégorie/);
      await waitFor(() => {
        expect(category).toBeEnabled();
      });
      fireEvent.change(category, { target: { value: '5010' } });
      fireEvent.change(await screen.findByLabelText('Ville'), { target: { value: '2' } });
      fireEvent.change(screen.getByLabelText(/Prix unitaire/), { target: { value: '250' } });
      fireEvent.change(screen.getByLabelText(/Stock \(unités\)/), { target: { value: '4' } });
      // No photo yet: refused in the browser.
      fireEvent.click(screen.getByRole('button', { name: 'Publier le produit' }));
      expect(await screen.findByText('Ajoutez au moins une photo du produit')).toBeInTheDocument();
      expect(calls.some((c) => c.operationName === 'insertProduct')).toBe(false);

      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tajine.jpg', { type: 'image/jpeg' });
      fireEvent.change(screen.getByLabelText(/Ajouter des photos/), { target: { files: [photo] } });
      await waitFor(() => {
        expect(FakeXhr.instances).toHaveLength(1);
      });
      expect(FakeXhr.instances[0]?.url).toBe('/api/ads/photos');
      await FakeXhr.instances[0]?.answer(201, { mediaId: 'ads/new/large.jpg', urls: { thumb: '/n-t.jpg', medium: '/n-m.jpg', large: '/n-l.jpg' } });
      expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/n-t.jpg');
      fireEvent.click(screen.getByRole('button', { name: 'Publier le produit' }));
      expect(await screen.findByRole('heading', { name: 'Votre produit est en vente' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: "Voir l'annonce" })).toHaveAttribute('href', '/fr/vi/10000009.htm');
      expect(calls.find((c) => c.operationName === 'insertProduct')?.variables).toEqual({
        input: {
          name: 'Tajine de Safi',
          categoryId: 5010,
          cityId: 2,
          description: '',
          mediaIds: ['ads/new/large.jpg'],
          units: 4,
          unitPrice: 250,
          discount: null,
          reference: null,
          boostPack: null,
        },
      });
    } finally {
      restore();
    }
  });

  it('shows the sub-categories grouped by vertical', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway([product('p1')]));
    renderApp('/ar/product/insert');
    const category = await screen.findByLabelText(/الفئة الفرعية/);
    await waitFor(() => {
      expect(within(category).getAllByRole('option').length).toBeGreaterThan(3);
    });
    expect(within(category).getByRole('group', { name: 'السوق' })).toHaveTextContent('هواتف');
    expect(within(category).getByRole('option', { name: 'قطع الغيار والإكسسوارات › قطع غيار السيارات' })).toBeInTheDocument();
  });
});

it('refuses an unknown product with its §8 wording', async () => {
  viewport('desktop');
  signInSeller();
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    sellerGateway([product('p1')], [], {
      getMyProduct: () => graphqlError('PRODUCT_NOT_FOUND', 'product.error.notFound', "Ce produit n'existe pas ou n'est plus en vente"),
    }),
  );
  renderApp('/fr/product/edit?id=zz');
  expect(await screen.findByRole('alert')).toHaveTextContent("Ce produit n'existe pas ou n'est plus en vente");
});
