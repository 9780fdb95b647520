// The home page states (loading, error and retry, empty, French, Arabic) for the category
// directory and the popular cities, with fetch answered at the boundary by operation name.

import { fireEvent, screen, within } from '@testing-library/react';
import {
  categories,
  categoriesHandler,
  gateway,
  graphqlError,
  internalErrorResponse,
  pending,
  type GatewayCall,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { listAd } from '../../../test/adFixtures';

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('home page', () => {
  it('shows a loader while the categories and the cities load', async () => {
    mockFetch().mockImplementation(pending);

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Petites annonces au Maroc' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Chargement des catégories…' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Toutes les catégories' })).not.toBeInTheDocument();
    // The sections below the directory wait for it, so that their arrival moves nothing.
    expect(screen.queryByRole('status', { name: 'Chargement des villes…' })).not.toBeInTheDocument();
  });

  it('shows the cities loader below the directory once the categories are there', async () => {
    mockFetch().mockImplementation(gateway({ getPopularCitiesFormattedNext: () => pending(), getPremiumAds: () => [] }));
    renderApp('/');
    expect(await screen.findByRole('navigation', { name: 'Toutes les catégories' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Chargement des villes…' })).toBeInTheDocument();
  });

  it('shows the translated error and refetches the categories on retry', async () => {
    let failures = 1;
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          getCategories: ({ language }) => {
            if (failures > 0) {
              failures -= 1;
              return internalErrorResponse();
            }
            return categories(language);
          },
        },
        calls,
      ),
    );

    renderApp('/');

    const directorySection = await screen.findByRole('alert');
    expect(directorySection).toHaveTextContent('Erreur Veuillez réessayer plus tard');

    fireEvent.click(within(directorySection).getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(calls.filter((call) => call.operationName === 'getCategories')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's wording when the locale lacks the message key", async () => {
    mockFetch().mockImplementation(
      gateway({ getCategories: () => graphqlError('CATALOG_MAINTENANCE', 'catalog.error.maintenance', 'Catalogue en maintenance') }),
    );

    renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Catalogue en maintenance');
  });

  it('lists the verticals and their categories in French', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({}, calls));

    renderApp('/');

    const directory = await screen.findByRole('navigation', { name: 'Toutes les catégories' });
    const sections = within(directory).getAllByRole('region');
    expect(sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Immobilier',
      'Véhicules',
      'Emploi et services',
      'Marché',
    ]);

    const realEstate = screen.getByRole('region', { name: 'Immobilier' });
    expect(within(realEstate).getByRole('link', { name: 'Appartements' })).toHaveAttribute('href', '/maroc/appartements');

    const vehicles = screen.getByRole('region', { name: 'Véhicules' });
    expect(within(vehicles).getByRole('link', { name: 'Voitures' })).toBeInTheDocument();
    const group = within(vehicles).getByRole('link', { name: 'Pièces et accessoires' }).closest('li');
    if (!group) throw new Error('the group is not a list item');
    const subList = within(group).getByRole('list');
    expect(within(subList).getAllByRole('link').map((link) => link.textContent)).toEqual(['Pièces auto', 'Pièces moto']);

    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.title).toBe('Souk : petites annonces au Maroc');

    const categoriesCall = calls.find((call) => call.operationName === 'getCategories');
    expect(categoriesCall?.variables).toEqual({ withMissingCats: false });
    expect(categoriesCall?.language).toBe('fr');
  });

  it('shows the popular cities linking to their listings, asked for a desktop', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({}, calls));

    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Villes populaires' });
    const link = await within(section).findByRole('link', { name: 'Casablanca' });
    expect(link).toHaveAttribute('href', '/casablanca');
    expect(within(section).getAllByRole('link')).toHaveLength(6);
    expect(calls.find((call) => call.operationName === 'getPopularCitiesFormattedNext')?.variables).toEqual({
      isMobile: false,
    });
  });

  it.each([
    ['/', 'Aucune catégorie pour le moment', 'Toutes les catégories', 'Villes populaires'],
    ['/ar', 'لا توجد فئات حاليًا', 'جميع الفئات', 'المدن الأكثر طلبًا'],
  ])('says so at %s when there is no category, and still shows the sections below', async (path, empty, directory, cities) => {
    mockFetch().mockImplementation(gateway({ getCategories: () => [] }));
    renderApp(path);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: directory })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Chargement des catégories|جارٍ تحميل الفئات/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: cities })).toBeInTheDocument();
  });

  it('says so when there is no popular city, and shows a city failure apart from the categories', async () => {
    mockFetch().mockImplementation(gateway({ getPopularCitiesFormattedNext: () => [] }));
    const { unmount } = renderApp('/');
    const section = await screen.findByRole('region', { name: 'Villes populaires' });
    expect(await within(section).findByText('Aucune ville pour le moment')).toBeInTheDocument();
    unmount();

    mockFetch().mockImplementation(gateway({ getPopularCitiesFormattedNext: () => internalErrorResponse() }));
    renderApp('/');
    const failed = await screen.findByRole('region', { name: 'Villes populaires' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
  });

  it('shows the homepage figures of spec §9', async () => {
    mockFetch().mockImplementation(categoriesHandler);

    renderApp('/');

    const figures = await screen.findByRole('list', { name: 'Souk en chiffres' });
    const items = within(figures).getAllByRole('listitem').map((item) => item.textContent.replace(/\s/g, ' '));
    expect(items[0]).toMatch(/^73 % des biens se vendent en moins de 3 jours$/);
    expect(items[1]).toMatch(/^92 % d’utilisateurs satisfaits$/);
    await screen.findByRole('heading', { level: 2, name: 'Immobilier' });
  });

  it('renders right to left with Arabic names under /ar', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({}, calls));

    renderApp('/ar');

    expect(await screen.findByRole('heading', { level: 2, name: 'العقار' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'إعلانات مبوبة في المغرب' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'شقق' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سيارات' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'الدار البيضاء' })).toHaveAttribute(
      'href',
      `/ar/${encodeURIComponent('الدار-البيضاء')}`,
    );
    expect(screen.getByRole('list', { name: 'Souk بالأرقام' })).toHaveTextContent('3 أيام');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(calls.every((call) => call.language === 'ar')).toBe(true);
  });

  it.each(['/home', '/fr/home', '/ar/home', '/fr'])('is the page served at %s', async (path) => {
    mockFetch().mockImplementation(categoriesHandler);

    renderApp(path);

    const directory = await screen.findByRole('navigation', { name: path === '/ar/home' ? 'جميع الفئات' : 'Toutes les catégories' });
    expect(await within(directory).findAllByRole('heading', { level: 2 })).toHaveLength(4);
  });
});

describe('home premium ads', () => {
  it('lists the premium gallery ads linking to their ad view', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getPremiumAds: () => [listAd({ listId: 10000005, title: 'Villa avec piscine' })] }, calls),
    );
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Annonces à la une' });
    expect(within(section).getByRole('link', { name: 'Villa avec piscine' })).toHaveAttribute('href', '/fr/vi/10000005.htm');
    expect(within(section).getByText('85 000 DH')).toBeInTheDocument();
    expect(calls.find((call) => call.operationName === 'getPremiumAds')?.variables).toEqual({ limit: 8 });
  });

  it('shows no section when there are no premium ads or they fail', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getPremiumAds: () => internalErrorResponse() }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Annonces à la une' })).not.toBeInTheDocument();
  });
});

describe('home latest ads', () => {
  const page = (count: number) => ({
    ads: Array.from({ length: count }, (_, i) =>
      listAd({ listId: 10000100 + i, title: `Annonce ${String(i + 1)}`, image: `/media/demo/market-${String(i)}.jpg` }),
    ),
    premium: [],
    total: count,
    totalCapped: false,
    extended: null,
    facets: { categories: [], cities: [] },
    offset: 0,
    limit: 12,
  });

  it('shows card placeholders while the latest and premium ads load, named for what loads', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => pending(), getPremiumAds: () => pending() }));
    renderApp('/');
    const latest = await screen.findByRole('status', { name: 'Chargement des dernières annonces…' });
    expect(latest).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Chargement des annonces à la une…' })).toBeInTheDocument();
    // The placeholders are hidden from assistive technology; no link shows before the ads.
    expect(within(latest).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Dernières annonces' })).toBeInTheDocument();
  });

  it('shows the eight newest ads with photos, with their photo, and a link to all of them', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => page(12), getPremiumAds: () => [] }, calls));
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Dernières annonces' });
    const titles = await within(section).findAllByRole('heading', { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual(Array.from({ length: 8 }, (_, i) => `Annonce ${String(i + 1)}`));
    expect(within(section).getByRole('link', { name: 'Annonce 1' })).toHaveAttribute('href', '/fr/vi/10000100.htm');
    expect(section.querySelector('img')).toHaveAttribute('src', '/media/demo/market-0.jpg');
    expect(within(section).getByRole('link', { name: 'Tout voir' })).toHaveAttribute('href', '/maroc?withPhotos=1&sort=newest');
    expect(calls.find((call) => call.operationName === 'searchAds')?.variables).toEqual({
      filters: { withPhotos: true },
      offset: 0,
      limit: 12,
      sort: 'NEWEST',
    });
    expect(screen.queryByRole('status', { name: 'Chargement des dernières annonces…' })).not.toBeInTheDocument();
  });

  it('is in Arabic under /ar', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => page(3), getPremiumAds: () => [] }));
    renderApp('/ar');
    const section = await screen.findByRole('region', { name: 'أحدث الإعلانات' });
    expect(await within(section).findAllByRole('article')).toHaveLength(3);
    expect(within(section).getByRole('link', { name: 'عرض الكل' }).getAttribute('href')).toMatch(/^\/ar\//);
  });

  it('shows no section when there are no ads or they fail, and the categories still show', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => page(0), getPremiumAds: () => [] }));
    const { unmount } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dernières annonces' })).not.toBeInTheDocument();
    unmount();

    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ searchAds: () => internalErrorResponse(), getPremiumAds: () => [] }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dernières annonces' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
