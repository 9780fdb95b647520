// The rest of the account area: saved searches (loading, error, empty, open, delete, alerts),
// my orders (the spec's empty state while the server has no orders operation; real orders when
// it lists one), the shop banner, the three-step shop tour and its remembered dismissal, and
// the banner of an admin acting as the user.

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
  const schema = (names: string[]) => ({ data: { __schema: { queryType: { fields: names.map((name) => ({ name })) } } } });

  it("shows each status's empty state while the server has no orders operation, without asking for orders", async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const base = gateway({}, calls);
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { operationName?: string };
      if (body.operationName === 'getServerQueries') {
        calls.push({ operationName: 'getServerQueries', variables: {}, language: 'fr', headers: new Headers() });
        return Promise.resolve(new Response(JSON.stringify(schema(['getMyAds', 'getCurrentUser'])), { status: 200 }));
      }
      return base(input, init);
    });
    const { search } = renderApp('/account/v2/my-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(await screen.findByText("Vous n'avez aucune commande initiée.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Livrées' }));
    expect(search()).toBe('?status=delivered&page=1');
    expect(await screen.findByText('Aucune commande livrée.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Livrées' })).toHaveAttribute('aria-current', 'page');
    expect(calls.some((c) => c.operationName === 'getMyPurchaseOrders')).toBe(false);
  });

  it('reads the orders once the server lists getMyPurchaseOrders', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const base = gateway(
      {
        getMyPurchaseOrders: () => ({
          orders: [{ id: 'C-1001', product: { sku: null, listId: 1, name: 'Casque audio', thumbnail: null }, total: '450 DH', status: 'preparing', date: '2026-11-20T10:00:00Z' }],
          count: 1,
        }),
      },
      calls,
    );
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { operationName?: string };
      if (body.operationName === 'getServerQueries') return Promise.resolve(new Response(JSON.stringify(schema(['getMyPurchaseOrders'])), { status: 200 }));
      return base(input, init);
    });
    renderApp('/account/v2/my-orders?status=preparing&page=1');
    const table = await screen.findByRole('table', { name: 'Vos commandes' });
    expect(within(table).getByRole('cell', { name: 'Casque audio' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getMyPurchaseOrders')?.variables).toEqual({
      query: { filters: { status: 'preparing' }, page: { number: 1, size: 12 } },
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
    expect(within(banner).getByText('Standard')).toBeInTheDocument();
    expect(within(banner).getByText(/صالح حتى/)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'فضاء الحساب' });
    expect(within(tabs).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/ar/account/v2/my-ads?status=ACTIVE&page=1',
      '/ar/account/v2/stats?range=LAST_7_DAYS',
      '/ar/account/v2/settings',
    ]);
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

  it('is absent from an ordinary session', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCurrentUser: () => currentUser('private') }));
    renderApp('/account/v2/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    expect(screen.queryByRole('region', { name: "Session d'administration" })).not.toBeInTheDocument();
  });
});
