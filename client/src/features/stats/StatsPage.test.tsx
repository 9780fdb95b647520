// The statistics tab: shops only; loading, error with retry, empty, the charts and totals of
// each metric, the fixed ranges (the 14- and 15-day ones too) and the custom range with the
// server's limits and refusals, the axis dates (by day up to 185 days, by month from 186), and
// the live update pushed over the (injected) real-time socket with no polling.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  accessTokenFor,
  currentUser,
  FakeRealtime,
  gateway,
  graphqlError,
  internalErrorResponse,
  pending,
  type GatewayCall,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { TOUR_KEY_PREFIX } from '../account-area/OnboardingTour';

const NAMES = ['phoneView', 'conversation', 'view', 'bump', 'publish', 'delete', 'leads', 'calls', 'highlights', 'gallery', 'activeAds', 'boostConsumption'];

function day(offset: number): string {
  return new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
}

/** The server's answer: every point of the range, `view` with 3 views today. */
function metrics(xs: string[], views = 3) {
  return NAMES.map((name) => ({
    name,
    total: name === 'view' ? views : name === 'activeAds' ? 10 : 0,
    data: xs.map((x, i) => ({ x, y: name === 'view' && i === xs.length - 1 ? views : 0 })),
  }));
}

const WEEK = [6, 5, 4, 3, 2, 1, 0].map(day);

function signInShop() {
  document.cookie = `souk_token=${accessTokenFor({ roles: ['ROLE_STORE_OWNER'], storeId: 1, accountId: 15 })}; Path=/`;
  // The onboarding tour is tested on its own.
  window.localStorage.setItem(`${TOUR_KEY_PREFIX}15`, '1');
}

function stats(extra: Record<string, (call: GatewayCall) => unknown> = {}, calls: GatewayCall[] = []) {
  return gateway(
    {
      getCurrentUser: () => currentUser('shop'),
      getMyPerformanceMetricsFixedRange: ({ variables }) =>
        metrics(variables.range === 'ALL_TIME' ? ['2021-01', '2021-02', '2026-11'] : variables.range === 'TODAY' ? ['2026-11-22T00:00', '2026-11-22T13:00'] : WEEK),
      getMyPerformanceMetricsCustomRange: () => metrics(WEEK, 0),
      ...extra,
    },
    calls,
  );
}

function chart(name: string) {
  return screen.getByRole('figure', { name });
}

describe('statistics tab', () => {
  it('is for shops only', async () => {
    document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    expect(await screen.findByText('Les statistiques sont réservées aux boutiques.')).toBeInTheDocument();
  });

  it('shows a loader, then the error with a retry, then the figures', async () => {
    signInShop();
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({ getMyPerformanceMetricsFixedRange: () => pending() }));
    const { unmount } = renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    expect(await screen.findByRole('status', { name: 'Chargement des statistiques…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      stats({ getMyPerformanceMetricsFixedRange: () => (failures-- > 0 ? internalErrorResponse() : metrics(WEEK)) }),
    );
    renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    expect(await screen.findByText('Erreur Veuillez réessayer plus tard')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('figure', { name: 'Vues' })).toBeInTheDocument();
  });

  it('draws one chart per metric in the spec order with its total, titled "Ma boutique"', async () => {
    signInShop();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({}, calls));
    renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma boutique' })).toBeInTheDocument();
    await screen.findByRole('figure', { name: 'Vues' });
    const names = within(screen.getByRole('list', { name: 'Graphiques par indicateur' }))
      .getAllByRole('figure')
      .map((figure) => figure.getAttribute('aria-labelledby'))
      .map((id) => document.getElementById(id ?? '')?.textContent);
    expect(names.slice(0, 6)).toEqual(['Numéros affichés', 'Conversations', 'Vues', 'Remontées', 'Publications', 'Suppressions']);
    expect(names).toHaveLength(12);
    expect(within(chart('Vues')).getByText('Total : 3')).toBeInTheDocument();
    expect(within(chart('Annonces actives')).getByText('Total : 10')).toBeInTheDocument();
    expect(within(chart('Vues')).getByRole('img').getAttribute('aria-label')).toMatch(/^Vues, du .+ au .+ : 3 au total$/);
    expect(calls.find((c) => c.operationName === 'getMyPerformanceMetricsFixedRange')?.variables).toEqual({ range: 'LAST_7_DAYS', storeId: 1 });
    expect(screen.getByRole('button', { name: '7 jours' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks the chosen range and keeps it in the query string; dates read by day, then by month beyond 185 days', async () => {
    signInShop();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({}, calls));
    const { search } = renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    await screen.findByRole('figure', { name: 'Vues' });
    // 'dd MMM': the day of month is on the axis.
    const weekLabels = within(chart('Vues')).getByRole('img').textContent;
    expect(weekLabels).toContain(String(new Date(`${day(0)}T00:00:00Z`).getUTCDate()).padStart(2, '0'));

    fireEvent.click(screen.getByRole('button', { name: 'Depuis le début' }));
    await within(screen.getByRole('group', { name: 'Période' })).findByRole('button', { name: 'Depuis le début', pressed: true });
    expect(search()).toBe('?range=ALL_TIME');
    await waitFor(() => { expect(within(chart('Vues')).getByRole('img').textContent).toMatch(/janv?\.? 21/); });
    expect(calls.filter((c) => c.operationName === 'getMyPerformanceMetricsFixedRange').at(-1)?.variables).toEqual({ range: 'ALL_TIME', storeId: 1 });

    fireEvent.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    expect(await within(await screen.findByRole('figure', { name: 'Vues' })).findByText('13:00')).toBeInTheDocument();
  });

  it.each([
    ['fr', 'LAST_14_DAYS', '14 jours', 'Période'],
    ['fr', 'LAST_15_DAYS', '15 jours', 'Période'],
    ['ar', 'LAST_14_DAYS', '14 يومًا', 'الفترة'],
    ['ar', 'LAST_15_DAYS', '15 يومًا', 'الفترة'],
  ])('asks the %s %s range with its button and keeps it in the address', async (language, range, button, group) => {
    signInShop();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({}, calls));
    const { search } = renderApp(`/${language}/account/v2/stats`, { realtime: new FakeRealtime().connect });
    await screen.findByRole('figure', { name: language === 'fr' ? 'Vues' : 'المشاهدات' });
    const ranges = screen.getByRole('group', { name: group });
    expect(within(ranges).getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(within(ranges).getByRole('button', { name: button }));
    await within(ranges).findByRole('button', { name: button, pressed: true });
    expect(search()).toBe(`?range=${range}`);
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'getMyPerformanceMetricsFixedRange').at(-1)?.variables).toEqual({ range, storeId: 1 });
    });
    expect(within(ranges).getAllByRole('button', { pressed: true })).toHaveLength(1);
  });

  it.each([
    ['fr', 185, 'Vues, du 10 mai au 20 mai : 0 au total'],
    ['fr', 186, 'Vues, du mai 26 au mai 26 : 0 au total'],
    ['ar', 185, 'المشاهدات، من 10 ماي إلى 20 ماي: 0 في المجموع'],
    ['ar', 186, 'المشاهدات، من ماي 26 إلى ماي 26: 0 في المجموع'],
  ])('labels the axis (%s) of a %i-day range by day up to 185 days, by month beyond', async (language, days, summary) => {
    signInShop();
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({ getMyPerformanceMetricsCustomRange: () => metrics(['2026-05-10', '2026-05-20'], 0) }));
    renderApp(`/${language}/account/v2/stats?range=CUSTOM&from=${day(days - 1)}&to=${day(0)}`, { realtime: new FakeRealtime().connect });
    const views = await screen.findByRole('figure', { name: language === 'fr' ? 'Vues' : 'المشاهدات' });
    expect(within(views).getByRole('img')).toHaveAttribute('aria-label', summary);
  });

  it('says when nothing happened in the range', async () => {
    signInShop();
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      stats({ getMyPerformanceMetricsFixedRange: () => metrics(WEEK, 0).map((m) => ({ ...m, total: 0 })) }),
    );
    renderApp('/account/v2/stats?range=LAST_30_DAYS', { realtime: new FakeRealtime().connect });
    expect(await screen.findByText('Aucune activité sur cette période.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 jours' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("checks a custom range against the server's limits, sends it, and translates a refusal", async () => {
    signInShop();
    const calls: GatewayCall[] = [];
    let refuse = false;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      stats(
        {
          getMyPerformanceMetricsCustomRange: () =>
            refuse ? graphqlError('INVALID_DATE_RANGE', 'stats.error.invalidRange', 'Cette période n’est pas valide') : metrics(WEEK, 0),
        },
        calls,
      ),
    );
    const { search } = renderApp('/account/v2/stats', { realtime: new FakeRealtime().connect });
    await screen.findByRole('figure', { name: 'Vues' });
    fireEvent.click(screen.getByRole('button', { name: 'Personnalisée' }));
    const form = screen.getByRole('form', { name: 'Période personnalisée' });
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: day(0) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Afficher' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('La période ne peut pas dépasser 366 jours.');
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2020-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Afficher' }));
    expect(within(form).getByRole('alert')).toHaveTextContent("Cette période n'est pas valide");
    expect(calls.some((c) => c.operationName === 'getMyPerformanceMetricsCustomRange')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: day(6) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Afficher' }));
    await waitFor(() => { expect(search()).toBe(`?range=CUSTOM&from=${day(6)}&to=${day(0)}`); });
    await within(await screen.findByRole('figure', { name: 'Vues' })).findByText('Total : 0');
    expect(calls.find((c) => c.operationName === 'getMyPerformanceMetricsCustomRange')?.variables).toEqual({ from: day(6), to: day(0), storeId: 1 });

    refuse = true;
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: day(5) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByText("Cette période n'est pas valide", { selector: '.error-message__text' })).toBeInTheDocument();
  });

  it('moves the view total and today’s point live, without asking the server again', async () => {
    signInShop();
    const calls: GatewayCall[] = [];
    const realtime = new FakeRealtime();
    jest.spyOn(globalThis, 'fetch').mockImplementation(stats({}, calls));
    const { unmount } = renderApp('/account/v2/stats', { realtime: realtime.connect });
    await screen.findByRole('figure', { name: 'Vues' });
    expect(realtime.opened).toBe(1);
    expect(realtime.languages).toEqual(['fr']);
    expect(realtime.listeners('stats:update')).toBe(1);

    act(() => {
      realtime.emit('stats:update', { adId: 'ad-1', metric: 'view', count: 2, at: Math.floor(Date.now() / 1000) });
    });
    // The store batches its notifications: the screen follows within a frame.
    expect(await within(chart('Vues')).findByText('Total : 5')).toBeInTheDocument();
    const totals = screen.getByLabelText('Totaux de la période');
    expect(within(totals).getByText('Vues').nextSibling).toHaveTextContent('5');
    expect(within(chart('Vues')).getByRole('img').getAttribute('aria-label')).toMatch(/: 5 au total$/);
    // An update of another day (outside the 7 days shown) moves nothing.
    act(() => {
      realtime.emit('stats:update', { adId: 'ad-1', metric: 'view', count: 1, at: Math.floor(Date.UTC(2021, 0, 1) / 1000) });
      realtime.emit('stats:update', { adId: 'ad-1', metric: 'phoneView', count: 1, at: Math.floor(Date.now() / 1000) });
    });
    expect(await within(chart('Numéros affichés')).findByText('Total : 1')).toBeInTheDocument();
    expect(within(chart('Vues')).getByText('Total : 5')).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getMyPerformanceMetricsFixedRange')).toHaveLength(1);

    unmount();
    expect(realtime.closed).toBe(1);
    expect(realtime.listeners('stats:update')).toBe(0);
  });
});
