// The home page states (loading, error and retry, French, Arabic) with fetch mocked at the boundary.

import { fireEvent, screen, within } from '@testing-library/react';
import { categoriesHandler, internalErrorResponse, jsonResponse, requestOf } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('home page', () => {
  it('shows a loader while the categories load', async () => {
    mockFetch().mockImplementation(() => new Promise<Response>(() => undefined));

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Petites annonces au Maroc' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Chargement des catégories…' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Toutes les catégories' })).not.toBeInTheDocument();
  });

  it('shows the translated error and refetches on retry', async () => {
    const fetchMock = mockFetch()
      .mockResolvedValueOnce(internalErrorResponse())
      .mockImplementationOnce(categoriesHandler);

    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Immobilier' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's wording when the locale lacks the message key", async () => {
    mockFetch().mockResolvedValue(
      jsonResponse({
        errors: [{ message: 'Catalogue en maintenance', extensions: { code: 'CATALOG_MAINTENANCE', messageKey: 'catalog.error.maintenance' } }],
      }),
    );

    renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Catalogue en maintenance');
  });

  it('lists the verticals and their categories in French', async () => {
    const fetchMock = mockFetch().mockImplementation(categoriesHandler);

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
    expect(within(realEstate).getByRole('link', { name: 'Appartements' })).toHaveAttribute('href', '/fr/appartements');

    const vehicles = screen.getByRole('region', { name: 'Véhicules' });
    expect(within(vehicles).getByRole('link', { name: 'Voitures' })).toBeInTheDocument();
    const group = within(vehicles).getByRole('link', { name: 'Pièces et accessoires' }).closest('li');
    if (!group) throw new Error('the group is not a list item');
    const subList = within(group).getByRole('list');
    expect(within(subList).getAllByRole('link').map((link) => link.textContent)).toEqual(['Pièces auto', 'Pièces moto']);

    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.title).toBe('Souk : petites annonces au Maroc');

    const { body, headers } = requestOf(fetchMock);
    expect(body).toMatchObject({ operationName: 'getCategories', variables: { withMissingCats: false } });
    expect(headers.get('Accept-Language')).toBe('fr');
  });

  it('renders right to left with Arabic names under /ar', async () => {
    const fetchMock = mockFetch().mockImplementation(categoriesHandler);

    renderApp('/ar');

    expect(await screen.findByRole('heading', { level: 2, name: 'العقار' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'إعلانات مبوبة في المغرب' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'شقق' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سيارات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(requestOf(fetchMock).headers.get('Accept-Language')).toBe('ar');
  });

  it.each(['/home', '/fr/home', '/ar/home', '/fr'])('is the page served at %s', async (path) => {
    mockFetch().mockImplementation(categoriesHandler);

    renderApp(path);

    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(4);
  });
});
