// The shop directory and a shop page: loading, empty, error and retry, success, the search form
// opening the canonical directory address, a segment naming nothing (404), categories of a
// shop, and Arabic.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listAd } from '../../../test/adFixtures';
import { gateway, graphqlError, internalErrorResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

function shop(overrides: Record<string, unknown> = {}) {
  return {
    storeId: 7,
    name: 'Auto Atlas',
    slug: 'auto-atlas-7',
    url: '/boutique/auto-atlas-7',
    city: 'Casablanca',
    categoryId: 2010,
    shortDescription: 'Voitures d’occasion garanties',
    description: 'Depuis 2004 à Casablanca.',
    address: '12 bd Zerktouni',
    website: 'https://auto-atlas.ma',
    logo: null,
    isVerifiedSeller: true,
    offersDelivery: false,
    ...overrides,
  };
}

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('shop directory', () => {
  it('shows a loader, then the error with retry, then the shops', async () => {
    mockFetch().mockImplementation(gateway({ getShops: () => pending() }));
    const { unmount } = renderApp('/boutiques');
    expect(await screen.findByRole('status', { name: 'Chargement des boutiques…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    mockFetch().mockImplementation(
      gateway({ getShops: () => (failures-- > 0 ? internalErrorResponse() : { shops: [shop()], count: 1 }) }),
    );
    renderApp('/boutiques');
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' }));
    const list = await screen.findByRole('list', { name: 'Boutiques trouvées' });
    expect(within(list).getByRole('link', { name: 'Auto Atlas' })).toHaveAttribute('href', '/boutique/auto-atlas-7');
    expect(within(list).getByText('Vendeur vérifié')).toBeInTheDocument();
    expect(screen.getByText('1 boutique')).toBeInTheDocument();
  });

  it('reads the city, category and keyword of the address, and says when nothing matches', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ getShops: () => ({ shops: [], count: 0 }) }, calls));
    renderApp('/boutiques/casablanca/voitures/atlas');
    expect(await screen.findByText('Aucune boutique ne correspond à votre recherche.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Boutiques à Casablanca' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getShops')?.variables).toEqual({
      cityId: 1,
      categoryId: 2010,
      keyword: 'atlas',
      offset: 0,
      limit: 12,
    });
  });

  it('opens the canonical address of a search', async () => {
    mockFetch().mockImplementation(gateway({ getShops: () => ({ shops: [shop()], count: 1 }) }));
    const { pathname } = renderApp('/boutiques');
    const form = await screen.findByRole('search', { name: 'Rechercher une boutique' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Ville' }), { target: { value: '2' } });
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Nom de la boutique' }), { target: { value: 'Auto Atlas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => { expect(pathname()).toBe('/boutiques/fes/auto-atlas'); });
  });

  it('is the 404 page for a city that does not exist', async () => {
    mockFetch().mockImplementation(gateway({ getShops: () => ({ shops: [], count: 0 }) }));
    renderApp('/boutiques/atlantide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });
});

describe('shop page', () => {
  const page = (overrides: Record<string, unknown> = {}) => ({
    shop: shop(),
    ads: [listAd({ listId: 501, title: 'Kia Picanto 2021' })],
    count: 1,
    categories: [{ id: 2010, name: 'Voitures', count: 1 }],
    ...overrides,
  });

  it('shows a loader while the shop loads', async () => {
    mockFetch().mockImplementation(gateway({ getShop: () => pending() }));
    renderApp('/boutique/auto-atlas-7');
    expect(await screen.findByRole('status', { name: 'Chargement de la boutique…' })).toBeInTheDocument();
  });

  it('shows the shop, its categories and its ads', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ getShop: () => page() }, calls));
    renderApp('/boutique/auto-atlas-7/voitures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auto Atlas' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contacter la boutique' });
    expect(contact).toHaveTextContent('Adresse12 bd Zerktouni, Casablanca');
    expect(within(contact).getByRole('link', { name: 'auto-atlas.ma' })).toHaveAttribute('href', 'https://auto-atlas.ma');
    const categories = screen.getByRole('navigation', { name: 'Catégories de la boutique' });
    expect(within(categories).getByRole('link', { name: 'Voitures (1)' })).toHaveAttribute('aria-current', 'page');
    expect(within(categories).getByRole('link', { name: 'Toutes' })).toHaveAttribute('href', '/boutique/auto-atlas-7');
    expect(within(screen.getByRole('list', { name: 'Annonces de la boutique' })).getByRole('link', { name: 'Kia Picanto 2021' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getShop')?.variables).toEqual({ name: 'auto-atlas-7', categoryId: 2010, offset: 0, limit: 12 });
  });

  it('has a banner with the logo or the initial, the tagline, the marks and the description', async () => {
    mockFetch().mockImplementation(gateway({ getShop: () => page() }));
    const { unmount, container } = renderApp('/boutique/auto-atlas-7');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Auto Atlas' });
    // No logo: the shop's initial stands in its place.
    expect(container.querySelector('.shop-page__logo--initial')).toHaveTextContent('A');
    expect(screen.getByText('Voitures d’occasion garanties')).toBeInTheDocument();
    expect(screen.getByText('Boutique professionnelle')).toBeInTheDocument();
    expect(screen.getByText('Vendeur vérifié')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'À propos de la boutique' })).toHaveTextContent('Depuis 2004 à Casablanca.');
    // The name the shop wrote is a bidirectional isolate.
    expect(heading.querySelector('bdi')).toHaveAttribute('dir', 'auto');
    unmount();
    mockFetch().mockImplementation(gateway({ getShop: () => page({ shop: shop({ logo: '/media/logo.jpg' }) }) }));
    renderApp('/boutique/auto-atlas-7');
    expect(await screen.findByRole('img', { name: 'Logo de Auto Atlas' })).toHaveAttribute('src', '/media/logo.jpg');
  });

  it('shows the numbers only when asked, each a call link', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ getShop: () => page(), getShopPhones: () => ['0522 12 34 56', '0661 00 00 00'] }, calls));
    renderApp('/boutique/auto-atlas-7');
    const contact = await screen.findByRole('region', { name: 'Contacter la boutique' });
    expect(calls.some((c) => c.operationName === 'getShopPhones')).toBe(false);
    fireEvent.click(within(contact).getByRole('button', { name: 'Afficher le numéro' }));
    expect(await within(contact).findByRole('link', { name: '0522 12 34 56' })).toHaveAttribute('href', 'tel:0522123456');
    expect(within(contact).getByRole('link', { name: '0661 00 00 00' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getShopPhones')?.variables).toEqual({ name: 'auto-atlas-7' });
  });

  it('says when the shop gave no number, in Arabic', async () => {
    mockFetch().mockImplementation(gateway({ getShop: () => page(), getShopPhones: () => [] }));
    renderApp('/ar/boutique/auto-atlas-7');
    const contact = await screen.findByRole('region', { name: 'الاتصال بالمتجر' });
    fireEvent.click(within(contact).getByRole('button', { name: 'إظهار الرقم' }));
    expect(await within(contact).findByText('لم يحدد هذا المتجر أي رقم.')).toBeInTheDocument();
    expect(screen.getByText('متجر محترف')).toBeInTheDocument();
  });

  it('says when the shop has no ad, and is 404 for an unknown shop', async () => {
    mockFetch().mockImplementation(
      gateway({
        getShop: ({ variables }) =>
          variables.name === 'auto-atlas-7' ? page({ ads: [], count: 0, categories: [] }) : graphqlError('NOT_FOUND', 'common.error.notFound', 'Introuvable'),
      }),
    );
    const { unmount } = renderApp('/boutique/auto-atlas-7');
    expect(await screen.findByText("Cette boutique n'a pas d'annonce en ligne pour le moment.")).toBeInTheDocument();
    unmount();
    renderApp('/boutique/personne-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('shows the error and loads again on retry, in Arabic', async () => {
    let failures = 1;
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway({ getShop: () => (failures-- > 0 ? internalErrorResponse() : page({ categories: [] })) }, calls),
    );
    renderApp('/ar/boutique/auto-atlas-7');
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'أعد المحاولة' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'إعلان واحد' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'الاتصال بالمتجر' })).toHaveTextContent('العنوان12 bd Zerktouni، Casablanca');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(calls.every((c) => c.language === 'ar')).toBe(true);
  });
});
