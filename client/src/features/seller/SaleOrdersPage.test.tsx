// The seller centre's orders (spec §2 seller.my-orders, §4 sale orders): the table and its
// columns in both languages, the tabs' counts, the actions of each order's allowedActions, the
// success toast only when the answered id is the order acted on, the counts shifting, a page
// emptied above the first going back one page, and the live `order:new` (list, counts, toast,
// header badge until the orders tab is opened) — all without a reload.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeRealtime, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { counts, product, saleOrder, sellerSummary, signInBuyer, signInSeller, viewport, nth } from '../../../test/sellerFixtures';

import type { SaleOrder } from '../../api/seller';

/** A seller's gateway whose orders and counts the test changes between calls. */
function sellerGateway(state: { orders: SaleOrder[]; counts: Record<string, number>; answerId?: (id: string) => string }, calls: GatewayCall[] = []) {
  const action = ({ variables }: GatewayCall) => {
    const id = String(variables.id);
    return { id: state.answerId ? state.answerId(id) : id, status: 'READY', buyerStatus: 'preparing', deleted: false };
  };
  return gateway(
    {
      getMySellerSummary: () => sellerSummary(),
      getMySaleOrders: ({ variables }) => {
        const query = variables.query as { filters: { status: string | null }; page: { number: number; size: number } };
        const wanted = query.filters.status;
        const matching = state.orders.filter((order) => wanted === null || order.status === wanted.toUpperCase() || (wanted === 'readyForDelivery' && order.status === 'READY'));
        const start = (query.page.number - 1) * query.page.size;
        return { orders: matching.slice(start, start + query.page.size), count: matching.length };
      },
      getMySaleOrdersCounts: () => counts(state.counts),
      getMyProducts: () => ({ products: [product('p1')], count: 1 }),
      getMyProductsCounts: () => [{ status: 'active', count: 1 }],
      prepareOrder: action,
      cancelOrder: action,
      deleteOrder: action,
    },
    calls,
  );
}

beforeEach(() => {
  viewport('desktop');
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

it('lists the orders with their columns, the date as day short-month year, and the counts of each status (fr)', async () => {
  signInSeller();
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway({ orders: [saleOrder('41')], counts: { PENDING: 1, READY: 2, DELIVERED: 5, RETURNED: 1 } }));
  renderApp('/fr/account/seller/my-orders?status=pending&page=1');
  const table = await screen.findByRole('table', { name: 'Commandes reçues' });
  const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
  expect(headers).toEqual(['N° de commande', 'Produit', 'Qté', 'Total', 'Statut', 'Date', 'Paiement', 'Actions']);
  const row = nth(within(table).getAllByRole('row'), 1);
  expect(row).toHaveTextContent('#41');
  expect(row).toHaveTextContent('Tajine en terre cuite');
  expect(row).toHaveTextContent('450 DH');
  expect(row).toHaveTextContent('En attente');
  expect(row).toHaveTextContent('29 mai 2026');
  expect(row).toHaveTextContent('Paiement à la livraison');
  expect(within(row).getByRole('group', { name: 'Actions sur la commande n° 41' }).textContent).toBe('PréparerAnnulerSupprimer');
  const tabs = screen.getByRole('navigation', { name: 'Statut des commandes' });
  await waitFor(() => {
    expect(within(tabs).getByRole('link', { name: /En attente/ })).toHaveTextContent('En attente1');
  });
  expect(within(tabs).getByRole('link', { name: /Prêtes à expédier/ })).toHaveTextContent('2');
  expect(within(tabs).getByRole('link', { name: /Toutes/ })).toHaveTextContent('9');
  // The banner: points, orders, items, due and unpaid, next transfer.
  const banner = screen.getByRole('region', { name: 'Résumé de votre boutique' });
  expect(banner).toHaveTextContent('Points120');
  expect(banner).toHaveTextContent('À recevoir1 262 DH');
  expect(banner).toHaveTextContent(/Prochain virement1 jui(n|\.) 2026/);
});

it('writes the table in Arabic, the date in the Arabic month', async () => {
  signInSeller();
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway({ orders: [saleOrder('41')], counts: { PENDING: 1 } }));
  renderApp('/ar/account/seller/my-orders?status=pending&page=1');
  const table = await screen.findByRole('table', { name: 'الطلبات المستلمة' });
  const row = nth(within(table).getAllByRole('row'), 1);
  expect(row).toHaveTextContent('في الانتظار');
  expect(row).toHaveTextContent(/29 (ماي|مايو) 2026/);
  expect(within(row).getByRole('button', { name: 'تحضير' })).toBeEnabled();
});

it('shows the success toast only when the answered id is the order acted on, and the counts shift', async () => {
  signInSeller();
  const state = { orders: [saleOrder('41'), saleOrder('42')], counts: { PENDING: 2 } as Record<string, number>, answerId: (id: string) => id };
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway(state, calls));
  renderApp('/fr/account/seller/my-orders?status=pending&page=1');
  const table = await screen.findByRole('table', { name: 'Commandes reçues' });

  // The server answers the order acted on: the toast says so; the order moves to READY.
  state.orders = [saleOrder('41', { status: 'READY' }), saleOrder('42')];
  state.counts = { PENDING: 1, READY: 1 };
  fireEvent.click(within(nth(within(table).getAllByRole('row'), 1)).getByRole('button', { name: 'Préparer' }));
  expect(await screen.findByText('Commande n° 41 en préparation')).toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'prepareOrder').map((c) => c.variables)).toEqual([{ id: '41' }]);
  await waitFor(() => {
    expect(within(screen.getByRole('table', { name: 'Commandes reçues' })).getAllByRole('row')).toHaveLength(2);
  });
  const tabs = screen.getByRole('navigation', { name: 'Statut des commandes' });
  await waitFor(() => {
    expect(within(tabs).getByRole('link', { name: /Prêtes à expédier/ })).toHaveTextContent('1');
  });
  expect(within(tabs).getByRole('link', { name: /En attente/ })).toHaveTextContent('1');

  // Another id in the answer: no success toast for this order.
  state.answerId = () => '999';
  state.orders = [saleOrder('41', { status: 'READY' }), saleOrder('42', { status: 'READY' })];
  fireEvent.click(screen.getByRole('button', { name: 'Préparer' }));
  await waitFor(() => {
    expect(calls.filter((c) => c.operationName === 'prepareOrder')).toHaveLength(2);
  });
  await waitFor(() => {
    expect(screen.queryByRole('button', { name: 'Préparer' })).not.toBeInTheDocument();
  });
  expect(screen.queryByText('Commande n° 42 en préparation')).not.toBeInTheDocument();
  expect(screen.queryByText('Commande n° 999 en préparation')).not.toBeInTheDocument();
});

it('asks before cancelling, and goes back one page when the page it emptied was above the first', async () => {
  signInSeller();
  const nine = Array.from({ length: 9 }, (_, i) => saleOrder(String(50 + i)));
  const state = { orders: nine, counts: { PENDING: 9 } as Record<string, number> };
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway(state, calls));
  const app = renderApp('/fr/account/seller/my-orders?status=pending&page=2');
  const table = await screen.findByRole('table', { name: 'Commandes reçues' });
  // 8 a page (spec §9): the ninth order is alone on page 2.
  expect(within(table).getAllByRole('row')).toHaveLength(2);
  expect(table).toHaveTextContent('#58');

  fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
  const dialog = await screen.findByRole('dialog', { name: 'Annuler la commande n° 58 ?' });
  state.orders = nine.slice(0, 8);
  state.counts = { PENDING: 8, CANCELLED: 1 };
  fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }));
  expect(await screen.findByText('Commande n° 58 annulée')).toBeInTheDocument();
  await waitFor(() => {
    expect(app.search()).toBe('?status=pending&page=1');
  });
  expect(await screen.findByText('#50')).toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'cancelOrder').map((c) => c.variables)).toEqual([{ id: '58' }]);
});

it('shows a refused action in the page language (ORDER_ALREADY_COMPLETED)', async () => {
  signInSeller();
  const fetch = sellerGateway({ orders: [saleOrder('41')], counts: { PENDING: 1 } });
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { operationName?: string };
    if (body.operationName === 'prepareOrder') {
      return Promise.resolve(
        new Response(
          JSON.stringify({ data: null, errors: [{ message: 'هذا الطلب مكتمل بالفعل', extensions: { code: 'ORDER_ALREADY_COMPLETED', messageKey: 'payment.error.orderAlreadyCompleted' } }] }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      );
    }
    return fetch(input, init);
  });
  renderApp('/ar/account/seller/my-orders?status=pending&page=1');
  fireEvent.click(await screen.findByRole('button', { name: 'تحضير' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('هذا الطلب مكتمل بالفعل');
});

it('moves live on order:new: the list and counts change without a reload, a toast shows, the header counts it until the orders tab opens', async () => {
  signInSeller();
  const realtime = new FakeRealtime();
  const state = { orders: [saleOrder('41')], counts: { PENDING: 1 } as Record<string, number> };
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway(state));
  renderApp('/fr/account/seller/my-products?status=active&page=1', { realtime: realtime.connect });
  await screen.findByRole('table', { name: 'Vos produits' });
  await waitFor(() => {
    expect(realtime.listeners('order:new')).toBe(1);
  });

  // An order arrives while the seller is on the products tab.
  const fresh = saleOrder('77', { product: { sku: null, listId: 10000002, name: 'Plateau en cuivre', thumbnail: null }, unitsSold: 1, total: '380 DH' });
  state.orders = [fresh, ...state.orders];
  state.counts = { PENDING: 2 };
  act(() => {
    realtime.emit('order:new', { order: fresh, committedAt: Date.now() });
  });
  // The product name and amount are isolated (first-strong isolates) inside the sentence.
  expect(await screen.findByText('Nouvelle commande n° \u206877\u2069 : \u2068Plateau en cuivre\u2069 × 1 (\u2068380 DH\u2069)')).toBeInTheDocument();
  const header = screen.getByRole('banner');
  const badge = within(header).getByRole('link', { name: /Commandes/ });
  expect(within(badge).getByLabelText('1 nouvelle commande')).toHaveTextContent('1');

  // Opening the orders tab shows it (marked new), with the counts moved, and the badge goes.
  fireEvent.click(within(screen.getByRole('navigation', { name: "Rubriques de l'espace vendeur" })).getByRole('link', { name: /Mes commandes/ }));
  const table = await screen.findByRole('table', { name: 'Commandes reçues' });
  await waitFor(() => {
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
  expect(within(nth(within(table).getAllByRole('row'), 1)).getByText('Nouvelle')).toBeInTheDocument();
  await waitFor(() => {
    expect(within(header).queryByLabelText(/nouvelle commande/)).not.toBeInTheDocument();
  });
  expect(within(screen.getByRole('navigation', { name: 'Statut des commandes' })).getByRole('link', { name: /En attente/ })).toHaveTextContent('2');

  // A third order while the tab is open: the table takes it at once, and no badge counts it.
  const third = saleOrder('78');
  state.orders = [third, ...state.orders];
  state.counts = { PENDING: 3 };
  act(() => {
    realtime.emit('order:new', { order: third, committedAt: Date.now() });
  });
  await waitFor(() => {
    expect(within(screen.getByRole('table', { name: 'Commandes reçues' })).getAllByRole('row')).toHaveLength(4);
  });
  expect(within(header).queryByLabelText(/nouvelle commande/)).not.toBeInTheDocument();
  await waitFor(() => {
    expect(within(screen.getByRole('navigation', { name: 'Statut des commandes' })).getByRole('link', { name: /En attente/ })).toHaveTextContent('3');
  });
});

it('works on a phone: the orders are cards with their actions', async () => {
  viewport('phone');
  signInSeller();
  jest.spyOn(globalThis, 'fetch').mockImplementation(sellerGateway({ orders: [saleOrder('41')], counts: { PENDING: 1 } }));
  renderApp('/fr/account/seller/my-orders?status=pending&page=1');
  const table = await screen.findByRole('table', { name: 'Commandes reçues' });
  expect(table).toHaveClass('data-table--cards');
  expect(within(table).getByRole('button', { name: 'Préparer' })).toBeEnabled();
  expect(screen.queryByText('Disponible sur ordinateur')).not.toBeInTheDocument();
});

it('tells an account without the e-commerce role that the seller centre is for e-commerce shops', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}, calls));
  renderApp('/fr/account/seller/my-orders?status=pending&page=1');
  expect(await screen.findByRole('heading', { name: 'Cet espace est réservé aux boutiques e-commerce' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Aller à mon compte' })).toHaveAttribute('href', '/fr/account');
  expect(calls.some((c) => c.operationName === 'getMySaleOrders')).toBe(false);
  expect(screen.queryByRole('link', { name: /Commandes/ })).not.toBeInTheDocument();
});
