// The rest of the account area: saved searches (loading, error, empty, open, delete, alerts),
// my orders (loading, error, each status's empty state and orders, Arabic, pages), the shop
// banner (points and their expiry, a subscription expired since a date, its error state), the
// three-step shop tour (next, previous, finish, skip) and its remembered dismissal, and the
// banner of an admin acting as the user, on every page of the session.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  accessTokenFor,
  currentUser,
  FakeRealtime,
  gateway,
  internalErrorResponse,
  pending,
  type GatewayCall,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { TOUR_KEY_PREFIX } from './OnboardingTour';

function signIn(claims: Parameters<typeof accessTokenFor>[0] = {}) {
  document.cookie = `souk_token=${accessTokenFor(claims)}; Path=/`;
}

function signInShop(tourDone = true) {
  signIn({ roles: ['ROLE_STORE_OWNER'], storeId: 1 });
  if (tourDone) window.localStorage.setItem(`${TOUR_KEY_PREFIX}42`, '1');
}

const SAVED = [
  { id: 7, name: 'Voitures à Rabat', filters: { category_id: 2010, city_id: 7, price: { min: null, max: 90000 } }, createdAt: '2026-11-20T10:00:00Z', alertsEnabled: true },
  { id: 8, name: '', filters: { keyword: 'iphone' }, createdAt: '2026-11-21T10:00:00Z', alertsEnabled: true },
];

describe('saved searches', () => {
  it('shows a loader, then the error with a retry, then the empty state', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMySavedSearches: () => pending() }));
    const { unmount } = renderApp('/account/v2/my-favorites?status=searches&page=1');
    expect(await screen.findByRole('status', { name: 'Chargement de vos recherches…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getMySavedSearches: () => (failures-- > 0 ? internalErrorResponse() : []) }),
    );
    renderApp('/account/v2/my-favorites?status=searches&page=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Vous n'avez sauvegardé aucune recherche.")).toBeInTheDocument();
  });

  it('lists the searches with their listing links and alerts, and deletes one', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    let saved = SAVED;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMySavedSearches: () => saved,
          deleteSavedSearch: ({ variables }) => {
            saved = saved.filter((s) => s.id !== variables.id);
            return true;
          },
          setSavedSearchAlerts: ({ variables }) => {
            saved = saved.map((s) => (s.id === variables.id ? { ...s, alertsEnabled: variables.enabled === true } : s));
            return { id: variables.id, alertsEnabled: variables.enabled };
          },
        },
        calls,
      ),
    );
    const realtime = new FakeRealtime();
    const { search } = renderApp('/account/v2/my-favorites', { realtime: realtime.connect });
    fireEvent.click(await screen.findByRole('link', { name: 'Recherches sauvegardées' }));
    expect(search()).toBe('?status=searches&page=1');
    const list = await screen.findByRole('list', { name: 'Recherches sauvegardées' });
    expect(within(list).getByRole('link', { name: 'Voitures à Rabat' })).toHaveAttribute('href', '/rabat/voitures?priceMax=90000');
    expect(within(list).getByRole('link', { name: '« iphone » · Annonces · tout le Maroc' })).toHaveAttribute('href', '/maroc/iphone');
    const alerts = within(list).getByRole('switch', { name: 'Alertes pour « Voitures à Rabat »' });
    expect(alerts).toBeChecked();
    // Switched off: the server is told, the list says so.
    fireEvent.click(alerts);
    expect(await screen.findByText('Alertes désactivées')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'setSavedSearchAlerts')?.variables).toEqual({ id: 7, enabled: false });
    await waitFor(() => {
      expect(within(list).getByRole('switch', { name: 'Alertes pour « Voitures à Rabat »' })).not.toBeChecked();
    });
    expect(within(list).getByText(/^Alertes désactivées :/)).toBeInTheDocument();

    // Live alerts while the list is open.
    act(() => {
      realtime.emit('search:alert', { searchId: 7, name: 'Voitures à Rabat', listIds: [10000011, 10000012] });
    });
    expect(await within(list).findByRole('status')).toHaveTextContent("2 nouvelles annonces depuis l'ouverture de cette page");

    fireEvent.click(within(list).getByRole('button', { name: 'Supprimer « Voitures à Rabat »' }));
    expect(await screen.findByText('Recherche supprimée')).toBeInTheDocument();
    await waitFor(() => { expect(screen.queryByRole('link', { name: 'Voitures à Rabat' })).not.toBeInTheDocument(); });
    expect(calls.find((c) => c.operationName === 'deleteSavedSearch')?.variables).toEqual({ id: 7 });
  });
});

describe('my orders', () => {
  const order = (id: string, status: string, overrides: Partial<{ name: string; listId: number | null; paymentMethod: string; date: string }> = {}) => ({
    id,
    product: { sku: 'SKU-1', listId: overrides.listId === undefined ? 10000011 : overrides.listId, name: overrides.name ?? 'Casque audio', thumbnail: null },
    total: '450 DH',
    status,
    date: overrides.date ?? '2026-11-20T10:00:00Z',
    paymentMethod: overrides.paymentMethod ?? 'cod',
  });

  it('shows a loader while the orders load', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPurchaseOrders: () => pending() }));
    renderApp('/account/v2/my-orders');
    expect(await screen.findByRole('status', { name: 'Chargement de vos commandes…' })).toBeInTheDocument();
  });

  it('shows the failure with a retry, and the orders once the retry succeeds', async () => {
    signIn();
    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getMyPurchaseOrders: () => (failures-- > 0 ? internalErrorResponse() : { orders: [order('C-1', 'initiated')], count: 1 }) }),
    );
    renderApp('/account/v2/my-orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Vos commandes' })).toBeInTheDocument();
  });

  it('shows the failure of a server without the operation instead of waiting for it', async () => {
    signIn();
    // No resolver: the fake gateway answers GRAPHQL_VALIDATION_FAILED, as a server without getMyPurchaseOrders would.
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}));
    renderApp('/account/v2/my-orders');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Chargement de vos commandes…' })).not.toBeInTheDocument();
  });

  it.each([
    ['initiated', 'Initiées', "Vous n'avez aucune commande initiée."],
    ['preparing', 'En préparation', 'Aucune commande en préparation.'],
    ['delivering', 'En livraison', 'Aucune commande en livraison.'],
    ['delivered', 'Livrées', 'Aucune commande livrée.'],
    ['cancelled', 'Annulées', 'Aucune commande annulée.'],
  ])('asks for the %s orders from its filter and shows its empty state', async (status, filter, empty) => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPurchaseOrders: () => ({ orders: [], count: 0 }) }, calls));
    const { search } = renderApp(status === 'initiated' ? '/account/v2/my-orders' : '/account/v2/my-orders?status=initiated&page=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    await screen.findByText("Vous n'avez aucune commande initiée.");
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Statut des commandes' })).getByRole('link', { name: filter }));
    expect(search()).toBe(`?status=${status}&page=1`);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: filter })).toHaveAttribute('aria-current', 'page');
    expect(calls.filter((c) => c.operationName === 'getMyPurchaseOrders').at(-1)?.variables).toEqual({
      query: { filters: { status }, page: { number: 1, size: 12 } },
    });
  });

  it.each([
    ['initiated', 'Initiées', 'Initiée'],
    ['preparing', 'En préparation', 'En préparation'],
    ['delivering', 'En livraison', 'En livraison'],
    ['delivered', 'Livrées', 'Livrée'],
    ['cancelled', 'Annulées', 'Annulée'],
  ])('lists the %s orders with a translated status, date and payment method', async (status, filter, label) => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMyPurchaseOrders: ({ variables }) => {
            const asked = (variables.query as { filters: { status: string } }).filters.status;
            return { orders: [order(`C-${asked}`, asked, { name: `Casque ${asked}` })], count: 1 };
          },
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-orders?status=initiated&page=1');
    await screen.findByRole('table', { name: 'Vos commandes' });
    fireEvent.click(screen.getByRole('link', { name: filter }));
    const table = await screen.findByRole('table', { name: 'Vos commandes' });
    const row = await within(table).findByRole('row', { name: new RegExp(`^C-${status} `) });
    expect(within(row).getByRole('link', { name: `Casque ${status}` })).toHaveAttribute('href', '/fr/vi/10000011.htm');
    expect(within(row).getByRole('cell', { name: '450 DH' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: label })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '20 nov. 2026' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Paiement à la livraison' })).toBeInTheDocument();
    expect(within(table).queryByText(status)).not.toBeInTheDocument();
    expect(within(table).queryByText('cod')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getMyPurchaseOrders').at(-1)?.variables).toEqual({
      query: { filters: { status }, page: { number: 1, size: 12 } },
    });
  });

  it('shows the orders in Arabic, with other statuses and methods named, and pages', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMyPurchaseOrders: () => ({
            orders: [
              order('C-1', 'canceled', { listId: null, name: 'هاتف' }),
              order('C-2', 'refunded_later', { paymentMethod: 'crypto', date: 'not a date' }),
            ],
            count: 13,
          }),
        },
        calls,
      ),
    );
    const { search } = renderApp('/ar/account/v2/my-orders?status=cancelled&page=1');
    const table = await screen.findByRole('table', { name: 'طلباتك' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(table).getByRole('columnheader', { name: 'الدفع' })).toBeInTheDocument();
    const first = within(table).getByRole('row', { name: /^C-1 / });
    expect(within(first).getByRole('cell', { name: 'هاتف' })).toBeInTheDocument();
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'ملغى' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'الدفع عند الاستلام' })).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /^C-2 / });
    expect(within(second).getByRole('cell', { name: 'حالة غير معروفة' })).toBeInTheDocument();
    expect(within(second).getByRole('cell', { name: 'وسيلة دفع أخرى' })).toBeInTheDocument();
    expect(within(table).queryByText('refunded_later')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    expect(search()).toBe('?status=cancelled&page=2');
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'getMyPurchaseOrders').at(-1)?.variables).toEqual({
        query: { filters: { status: 'cancelled' }, page: { number: 2, size: 12 } },
      });
    });
  });
});

describe('shop banner and tour', () => {
  it("shows the shop's points, subscription and membership, with a loader first", async () => {
    signInShop();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => pending() }));
    const { unmount } = renderApp('/account/v2/settings/password');
    expect(await screen.findByRole('status', { name: 'Chargement de votre boutique…' })).toBeInTheDocument();
    unmount();

    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => currentUser('shop') }));
    renderApp('/ar/account/v2/settings/password');
    const banner = await screen.findByRole('region', { name: 'متجرك' });
    expect(await within(banner).findByText(/120 نقطة/)).toBeInTheDocument();
    // The plan is worded in Arabic, not shown as stored ("Standard").
    expect(within(banner).getByText('العادية')).toBeInTheDocument();
    expect(within(banner).queryByText('Standard')).toBeNull();
    expect(within(banner).getByText(/صالح حتى/)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'فضاء الحساب' });
    expect(within(tabs).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/ar/account/v2/my-ads?status=ACTIVE&page=1',
      '/ar/account/v2/stats?range=LAST_7_DAYS',
      '/ar/account/v2/my-payments',
      '/ar/account/v2/settings',
    ]);
  });

  it('says when the points expire, since when the subscription has expired, in French and Arabic', async () => {
    signInShop();
    const noon = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m - 1, d, 12) / 1000);
    const base = currentUser('shop');
    const shop = (points: { count: number; expiryDate: number | null }, expiryDate: number) => ({
      ...base,
      shopInfo: base.shopInfo ? { ...base.shopInfo, points, expiryDate } : null,
    });
    let answer = shop({ count: 1, expiryDate: noon(2099, 3, 1) }, noon(2020, 6, 15));
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => answer }));
    const { unmount } = renderApp('/account/v2/settings/password');
    const banner = await screen.findByRole('region', { name: 'Votre boutique' });
    const fact = (name: string) => within(banner).getByText(name).nextElementSibling;
    await within(banner).findByText('Solde de points');
    expect(fact('Solde de points')).toHaveTextContent('1 point · expire le 1 mars 2099');
    expect(fact('Abonnement')).toHaveTextContent('expiré depuis le 15 juin 2020');
    unmount();

    answer = shop({ count: 0, expiryDate: null }, noon(2020, 6, 15));
    renderApp('/ar/account/v2/settings/password');
    const arabic = await screen.findByRole('region', { name: 'متجرك' });
    await within(arabic).findByText('رصيد النقاط');
    expect(within(arabic).getByText('رصيد النقاط').nextElementSibling?.textContent).toBe('لا نقاط');
    expect(within(arabic).getByText('الاشتراك').nextElementSibling).toHaveTextContent(/^منتهي منذ 15 يونيو 2020$/);
  });

  it('says in one line when the shop cannot be read, and keeps the tabs below it', async () => {
    signInShop();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => internalErrorResponse() }));
    renderApp('/account/v2/settings/password');
    const banner = await screen.findByRole('region', { name: 'Votre boutique' });
    expect(await within(banner).findByText('Les informations de votre boutique sont momentanément indisponibles.')).toBeInTheDocument();
    expect(within(banner).queryByText('Solde de points')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Espace compte' })).getAllByRole('link')).toHaveLength(4);
  });

  it('goes back a step with "Précédent" and ends the tour for good with "Passer la visite"', async () => {
    signInShop(false);
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => currentUser('shop') }));
    const { unmount } = renderApp('/account/v2/settings/password');
    const tour = await screen.findByRole('region', { name: 'Découvrir votre boutique' });
    expect(within(tour).queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();
    fireEvent.click(within(tour).getByRole('button', { name: 'Suivant' }));
    fireEvent.click(within(tour).getByRole('button', { name: 'Suivant' }));
    expect(within(tour).getByText('Étape 3 sur 3')).toBeInTheDocument();
    fireEvent.click(within(tour).getByRole('button', { name: 'Précédent' }));
    expect(within(tour).getByText('Étape 2 sur 3')).toBeInTheDocument();
    expect(within(tour).getByRole('heading', { name: 'Suivez vos statistiques' })).toBeInTheDocument();
    expect(within(tour).getByRole('link', { name: 'Voir les statistiques' })).toHaveAttribute('href', '/fr/account/v2/stats');
    fireEvent.click(within(tour).getByRole('button', { name: 'Précédent' }));
    expect(within(tour).getByRole('heading', { name: 'Publiez vos annonces' })).toBeInTheDocument();
    expect(within(tour).queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();

    fireEvent.click(within(tour).getByRole('button', { name: 'Passer la visite' }));
    expect(screen.queryByRole('region', { name: 'Découvrir votre boutique' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`${TOUR_KEY_PREFIX}42`)).toBe('1');
    unmount();

    renderApp('/ar/account/v2/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'متجري' });
    expect(screen.queryByRole('region', { name: 'اكتشف متجرك' })).not.toBeInTheDocument();
  });

  it('walks a new shop through three steps, and remembers that it was dismissed', async () => {
    signInShop(false);
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => currentUser('shop') }));
    const { unmount } = renderApp('/account/v2/settings/password');
    const tour = await screen.findByRole('region', { name: 'Découvrir votre boutique' });
    expect(within(tour).getByText('Étape 1 sur 3')).toBeInTheDocument();
    expect(within(tour).getByRole('link', { name: 'Déposer une annonce' })).toHaveAttribute('href', '/fr/ad/insert/1');
    fireEvent.click(within(tour).getByRole('button', { name: 'Suivant' }));
    expect(within(tour).getByRole('heading', { name: 'Suivez vos statistiques' })).toBeInTheDocument();
    fireEvent.click(within(tour).getByRole('button', { name: 'Suivant' }));
    expect(within(tour).getByText('Étape 3 sur 3')).toBeInTheDocument();
    fireEvent.click(within(tour).getByRole('button', { name: 'Terminer' }));
    expect(screen.queryByRole('region', { name: 'Découvrir votre boutique' })).not.toBeInTheDocument();
    unmount();

    renderApp('/account/v2/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Ma boutique' });
    expect(screen.queryByRole('region', { name: 'Découvrir votre boutique' })).not.toBeInTheDocument();
  });
});

describe('admin acting as a user', () => {
  it('says who acts, that actions are recorded under the admin, and when the session ends', async () => {
    const expiresAt = Math.floor(Date.UTC(2026, 10, 22, 14, 30) / 1000);
    signIn({ act: 1, exp: expiresAt });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCurrentUser: () => currentUser('private', { actingAdminId: 1, actingAdminName: 'Nadia (support)', expiresAt }) }),
    );
    renderApp('/account/v2/settings/password');
    const banner = await screen.findByRole('region', { name: "Session d'administration" });
    expect(await within(banner).findByText('Nadia (support) agit en tant que Yassine El Amrani. Les actions sont enregistrées sous le compte administrateur.')).toBeInTheDocument();
    expect(within(banner).getByText(/Cette session expire le 22 novembre à \d\d:30\./)).toBeInTheDocument();
  });

  it("names the admin by number until the server names them, in Arabic too", async () => {
    signIn({ act: 7 });
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => pending() }));
    const { unmount } = renderApp('/account/v2/settings/password');
    const banner = await screen.findByRole('region', { name: "Session d'administration" });
    expect(within(banner).getByText("L'administrateur n° 7 agit en tant que Yassine El Amrani. Les actions sont enregistrées sous le compte administrateur.")).toBeInTheDocument();
    unmount();
    renderApp('/ar/account/v2/settings/password');
    const arabic = await screen.findByRole('region', { name: 'جلسة إدارية' });
    expect(within(arabic).getByText(/^المسؤول رقم 7 يتصرف باسم Yassine El Amrani\./)).toBeInTheDocument();
  });

  it('shows on every page of the session, outside the account area too, once', async () => {
    signIn({ act: 1 });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCurrentUser: () => currentUser('private', { actingAdminId: 1, actingAdminName: 'Nadia (support)' }) }),
    );
    const { unmount } = renderApp('/');
    const banner = await screen.findByRole('region', { name: "Session d'administration" });
    expect(await within(banner).findByText(/^Nadia \(support\) agit en tant que Yassine El Amrani\./)).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toContainElement(banner);
    unmount();

    renderApp('/ar/messages');
    expect(await screen.findByRole('region', { name: 'جلسة إدارية' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'حسابي' }));
    await screen.findByRole('heading', { level: 1, name: 'حسابي' });
    expect(screen.getAllByRole('region', { name: 'جلسة إدارية' })).toHaveLength(1);
  });

  it('is absent from an ordinary session', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => currentUser('private') }));
    renderApp('/account/v2/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    expect(screen.queryByRole('region', { name: "Session d'administration" })).not.toBeInTheDocument();
  });
});
