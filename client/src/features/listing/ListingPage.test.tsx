// The search listing: loading, 404 for a path that is no listing, error and retry, empty, the
// results (premium first, count, extended notice, pagination with `o`), filters that open the
// canonical address and refuse a reversed price range in the §8 wording, grid or list, recent
// searches, save search (login wall, saved, already saved, error), and Arabic.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listAd } from '../../../test/adFixtures';
import {
  accessTokenFor,
  gateway,
  graphqlError,
  internalErrorResponse,
  notAListing,
  pending,
  tokenPair,
  type GatewayCall,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

function casablancaCars(language: 'fr' | 'ar' = 'fr') {
  return {
    language,
    locations: [{ level: 'city', id: 1, slug: language === 'ar' ? 'الدار-البيضاء' : 'casablanca', name: language === 'ar' ? 'الدار البيضاء' : 'Casablanca' }],
    category: { id: 2010, slug: language === 'ar' ? 'سيارات' : 'voitures', name: language === 'ar' ? 'سيارات' : 'Voitures' },
    adType: null,
    keyword: null,
  };
}

function page(overrides: Record<string, unknown> = {}) {
  return {
    ads: [
      listAd({ listId: 101, title: 'Dacia Logan 2018 diesel' }),
      listAd({ listId: 102, title: 'Renault Clio 2016', urgent: true }),
      listAd({ listId: 103, title: 'Peugeot 208 2020' }),
    ],
    premium: [listAd({ listId: 103, title: 'Peugeot 208 2020' })],
    total: 30,
    totalCapped: false,
    extended: null,
    didYouMean: null,
    facets: { categories: [], cities: [] },
    offset: 0,
    limit: 12,
    ...overrides,
  };
}

const RESOLVERS = {
  'parse-url': () => casablancaCars(),
  searchAds: () => page(),
  getRecentSearches: () => [],
  getAreas: () => [],
};

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('search listing', () => {
  it('shows a loader while the listing loads', async () => {
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, searchAds: () => pending() }));
    renderApp('/casablanca/voitures');
    expect(await screen.findByRole('status', { name: 'Chargement des annonces…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Voitures à Casablanca' })).toBeInTheDocument();
  });

  it('names the area and its city in each language', async () => {
    const inMaarif = (language: 'fr' | 'ar') => {
      const base = casablancaCars(language);
      const area = { level: 'area', id: 101, slug: language === 'ar' ? 'المعاريف' : 'maarif', name: language === 'ar' ? 'المعاريف' : 'Maarif' };
      return { ...base, locations: [...base.locations, area] };
    };
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, 'parse-url': ({ language }) => inMaarif(language) }));
    const { unmount } = renderApp('/casablanca/maarif/voitures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voitures à Maarif, Casablanca' })).toBeInTheDocument();
    unmount();
    renderApp(`/ar/${encodeURIComponent('الدار-البيضاء')}/${encodeURIComponent('المعاريف')}/${encodeURIComponent('سيارات')}`);
    expect(await screen.findByRole('heading', { level: 1, name: /المعاريف، الدار البيضاء/ })).toBeInTheDocument();
  });

  it('is the 404 page for a path that is no listing', async () => {
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, 'parse-url': () => notAListing() }));
    renderApp('/nulle-part/ici');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('lists the whole country at /maroc', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, 'parse-url': () => notAListing() }, calls));
    renderApp('/maroc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonces à tout le Maroc' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'searchAds')?.variables.filters).toEqual({});
  });

  it('shows the error and searches again on retry', async () => {
    let failures = 1;
    mockFetch().mockImplementation(
      gateway({ ...RESOLVERS, searchAds: () => (failures-- > 0 ? internalErrorResponse() : page()) }),
    );
    renderApp('/casablanca/voitures');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, searchAds: () => page({ ads: [], premium: [], total: 0 }) }));
    renderApp('/casablanca/voitures');
    expect(await screen.findByText('Aucune annonce ne correspond à votre recherche.')).toBeInTheDocument();
    expect(screen.getByText('Aucune annonce')).toBeInTheDocument();
  });

  it('offers the close spelling the server found, as a link to its listing', async () => {
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, searchAds: () => page({ ads: [], premium: [], total: 0, didYouMean: 'appartement' }) }));
    renderApp('/casablanca/voitures?q=apartemnt');
    const link = await screen.findByRole('link', { name: 'appartement' });
    expect(link.closest('p')).toHaveTextContent('Vouliez-vous dire appartement ?');
    expect(link.getAttribute('href')).toContain('appartement');
    expect(screen.getByText('Aucune annonce ne correspond à votre recherche.')).toBeInTheDocument();
  });

  it('shows the premium slots first, the count, the extended notice and the pages', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, searchAds: () => page({ extended: 'REGION' }) }, calls));
    const { pathname } = renderApp('/casablanca/voitures?priceMax=90000&urgent=1&sort=newest');

    const results = await screen.findByRole('list', { name: 'Résultats' });
    const titles = within(results).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Peugeot 208 2020', 'Dacia Logan 2018 diesel', 'Renault Clio 2016']);
    expect(within(results).getAllByRole('listitem')[0]).toHaveTextContent('Premium');
    // The photos a phone shows first are fetched at once, the rest lazily.
    const photos = results.querySelectorAll('img');
    expect([...photos].map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(screen.getByText('30 annonces')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent("Peu d'annonces dans cette ville : voici aussi celles de la région.");
    const search = calls.find((c) => c.operationName === 'searchAds');
    expect(search?.variables).toEqual({
      filters: { categoryId: 2010, cityId: 1, priceMax: 90000, urgent: true },
      offset: 0,
      limit: 12,
      sort: 'NEWEST',
    });

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 1 sur 3');
    fireEvent.click(within(pager).getByRole('link', { name: 'Page suivante' }));
    expect(await screen.findByText('Page 2 sur 3')).toBeInTheDocument();
    expect(pathname()).toBe('/casablanca/voitures');
    expect(calls.filter((c) => c.operationName === 'searchAds').at(-1)?.variables.offset).toBe(12);
  });

  it('opens the canonical address of the chosen filters, and refuses a reversed price range', async () => {
    mockFetch().mockImplementation(
      gateway({ ...RESOLVERS, getAreas: () => [{ id: 101, label: { fr: 'Maarif', ar: 'المعاريف' }, slug: { fr: 'maarif', ar: 'المعاريف' } }] }),
    );
    const { pathname, search } = renderApp('/casablanca/voitures');
    const form = await screen.findByRole('search', { name: 'Filtres de recherche' });

    const price = within(form).getByRole('group', { name: 'Prix (DH)' });
    fireEvent.change(within(price).getByRole('spinbutton', { name: 'Minimum' }), { target: { value: '90000' } });
    fireEvent.change(within(price).getByRole('spinbutton', { name: 'Maximum' }), { target: { value: '50000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rechercher' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Le prix minimum et maximum doivent être positifs, raisonnables et dans l'ordre",
    );
    expect(pathname()).toBe('/casablanca/voitures');

    fireEvent.change(within(price).getByRole('spinbutton', { name: 'Maximum' }), { target: { value: '95000' } });
    const year = within(form).getByRole('group', { name: 'Année' });
    fireEvent.change(within(year).getByRole('spinbutton', { name: 'Minimum' }), { target: { value: '2015' } });
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Que recherchez-vous ?' }), { target: { value: 'Diesel Clim' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Quartier' }), { target: { value: '101' } });
    fireEvent.change(within(form).getByRole('combobox', { name: "Type d'annonce" }), { target: { value: 'sell' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Avec photos' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => { expect(pathname()).toBe('/casablanca/maarif/voitures_offres/diesel-clim'); });
    expect(search()).toBe('?priceMin=90000&priceMax=95000&yearMin=2015&withPhotos=1');
  });

  it('folds the filters on a phone and builds the form once they are opened', async () => {
    const matchMedia = jest.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    try {
      mockFetch().mockImplementation(gateway(RESOLVERS));
      renderApp('/casablanca/voitures');
      await screen.findByRole('list', { name: 'Résultats' });
      const summary = screen.getByText('Filtres de recherche');
      const toggle = summary.closest('details');
      expect(toggle).not.toHaveAttribute('open');
      expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Rechercher' })).not.toBeInTheDocument();
      act(() => {
        if (toggle) toggle.open = true;
        toggle?.dispatchEvent(new Event('toggle'));
      });
      expect(await within(screen.getByRole('main')).findByRole('button', { name: 'Rechercher' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('switches between grid and list and remembers the choice', async () => {
    mockFetch().mockImplementation(gateway(RESOLVERS));
    renderApp('/casablanca/voitures');
    const results = await screen.findByRole('list', { name: 'Résultats' });
    expect(results).toHaveClass('listing-results--grid');
    const view = screen.getByRole('group', { name: 'Affichage' });
    fireEvent.click(within(view).getByRole('button', { name: 'Liste' }));
    expect(within(view).getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Résultats' })).toHaveClass('listing-results--list');
    expect(window.localStorage.getItem('souk.listingView')).toBe('list');
  });

  it('lists the recent searches as links and forgets them', async () => {
    let recent = [{ keyword: 'clio', category_id: 2010, city_id: 2, price: { min: null, max: 50000 } }];
    mockFetch().mockImplementation(
      gateway({
        ...RESOLVERS,
        getRecentSearches: () => recent,
        clearRecentSearches: () => {
          recent = [];
          return true;
        },
      }),
    );
    renderApp('/casablanca/voitures');
    const section = await screen.findByRole('region', { name: 'Recherches récentes' });
    expect(within(section).getByRole('link', { name: '« clio » · Voitures · Fès' })).toHaveAttribute(
      'href',
      '/fes/voitures/clio?priceMax=50000',
    );
    fireEvent.click(within(section).getByRole('button', { name: "Effacer l'historique" }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region', { name: 'Recherches récentes' })).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in before saving the search, then says it is saved', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          ...RESOLVERS,
          loginByIdentifier: () => tokenPair(),
          saveSearch: () => ({ outcome: 'SAVED', messageKey: 'saveSearch.saved', search: { id: 1, name: 'Voitures' } }),
        },
        calls,
      ),
    );
    renderApp('/casablanca/voitures?urgent=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sauvegarder la recherche' }));
    const wall = await screen.findByRole('dialog');
    fireEvent.change(within(wall).getByLabelText('Numéro de téléphone'), { target: { value: '0612345678' } });
    fireEvent.change(within(wall).getByLabelText('Mot de passe'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(wall).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Recherche sauvegardée')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'saveSearch')?.variables).toEqual({
      filters: { categoryId: 2010, cityId: 1, urgent: true },
    });
  });

  it('says when the search is already saved, and when saving fails', async () => {
    document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
    let answer: unknown = { outcome: 'ALREADY_SAVED', messageKey: 'saveSearch.alreadySaved', search: { id: 1, name: 'x' } };
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, saveSearch: () => answer }));
    renderApp('/casablanca/voitures');
    fireEvent.click(await screen.findByRole('button', { name: 'Sauvegarder la recherche' }));
    expect(await screen.findByText('Cette recherche est déjà sauvegardée')).toBeInTheDocument();

    answer = graphqlError('INTERNAL_ERROR', 'saveSearch.error', 'Erreur');
    fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder la recherche' }));
    expect(await screen.findByText('Impossible de sauvegarder la recherche. Veuillez réessayer plus tard')).toBeInTheDocument();
  });

  it('is in Arabic, right to left, with Arabic names and plurals', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway({ ...RESOLVERS, 'parse-url': () => casablancaCars('ar'), searchAds: () => page({ total: 2 }) }, calls),
    );
    renderApp(`/ar/${encodeURIComponent('الدار-البيضاء')}/${encodeURIComponent('سيارات')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'سيارات في الدار البيضاء' })).toBeInTheDocument();
    expect(await screen.findByText('إعلانان')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(calls.filter((c) => c.operationName === 'searchAds').every((c) => c.language === 'ar')).toBe(true);
  });
});
