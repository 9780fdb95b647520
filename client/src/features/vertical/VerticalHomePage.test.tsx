// Vertical homes: loading, error and empty states (a vertical or a real-estate tab without
// categories), an unknown slug, the categories of a vertical, and the real-estate tabs linking
// to the listings, in French and Arabic.

import { fireEvent, screen, within } from '@testing-library/react';
import { categories, gateway, internalErrorResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import type { Category } from '../../api/catalog';

/** The fixture tree plus the real-estate tab categories of docs/reference-data.md. */
function realEstate(language: 'fr' | 'ar'): Category[] {
  const base = categories(language).filter((c) => c.parentId !== 10000);
  const label = (fr: string, ar: string) => (language === 'ar' ? ar : fr);
  const types = (...keys: string[]) => keys.map((key, i) => ({ key, order: i + 1, label: { fr: key, ar: key } }));
  const node = (id: number, parentId: number, fr: string, ar: string, slug: string, adTypes: string[]): Category => ({
    id,
    parentId,
    childrenIds: [],
    order: id,
    name: label(fr, ar),
    label: { fr, ar },
    slug: { fr: slug, ar: ar.replace(/ /g, '-') },
    adTypes: types(...adTypes),
  });
  return [
    ...base.slice(0, 1),
    node(1000, 10000, 'Immobilier résidentiel et commercial', 'العقار السكني والتجاري', 'immobilier-residentiel', ['sell', 'rent']),
    node(1010, 1000, 'Appartements', 'شقق', 'appartements', ['sell', 'rent']),
    node(1080, 1000, 'Terrains', 'أراضي', 'terrains', ['sell']),
    node(1300, 10000, 'Locations de vacances', 'كراء العطل', 'locations-de-vacances', ['vacation_rent']),
    node(1400, 10000, 'Colocations', 'سكن مشترك', 'colocations', ['rent']),
    node(1500, 10000, 'Immobilier neuf', 'عقار جديد', 'immobilier-neuf', ['sell']),
    ...base.slice(1),
  ];
}

describe('vertical home (/{vertical})', () => {
  it('shows a loader, then an error with retry', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: () => pending() }));
    const { unmount } = renderApp('/fr/vehicules');
    expect(await screen.findByRole('status', { name: 'Chargement des catégories…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCategories: ({ language }) => (failures-- > 0 ? internalErrorResponse() : categories(language)) }),
    );
    renderApp('/fr/vehicules');
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Véhicules' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voitures' })).toHaveAttribute('href', '/maroc/voitures');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(document.title).toBe('Véhicules : petites annonces au Maroc · Souk');
  });

  it('lists the popular brands and models with their counts, each opening the cars listing narrowed to it', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getCategories: ({ language }) => categories(language),
          getPopularModels: () => [
            { slug: 'dacia', name: 'Dacia', count: 1240, models: [{ slug: 'logan', name: 'Logan', count: 610 }, { slug: 'sandero', name: 'Sandero', count: 402 }] },
            { slug: 'renault', name: 'Renault', count: 1, models: [] },
          ],
        },
        calls,
      ),
    );
    renderApp('/fr/vehicules');
    const section = await screen.findByRole('region', { name: 'Marques et modèles populaires' });
    const dacia = await within(section).findByRole('link', { name: /^Dacia\s*1\D?240 annonces$/ });
    expect(dacia).toHaveAttribute('href', '/maroc/voitures?brand=dacia');
    const models = within(section).getByRole('list', { name: 'Modèles Dacia les plus proposés' });
    expect(within(models).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Logan 610', '/maroc/voitures?brand=dacia&model=logan'],
      ['Sandero 402', '/maroc/voitures?brand=dacia&model=sandero'],
    ]);
    expect(within(section).getByRole('link', { name: /Renault\s*1 annonce$/ })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Toutes les voitures' })).toHaveAttribute('href', '/maroc/voitures');
    expect(calls.find((c) => c.operationName === 'getPopularModels')?.variables).toEqual({ categoryId: 2010, brands: 12, models: 4 });
  });

  it('lists the popular brands in Arabic, and says when there is no car yet', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getCategories: ({ language }) => categories(language),
        getPopularModels: () => [{ slug: 'dacia', name: 'Dacia', count: 3, models: [{ slug: 'logan', name: 'Logan', count: 3 }] }],
      }),
    );
    const { unmount } = renderApp('/ar/المركبات');
    const section = await screen.findByRole('region', { name: 'الماركات والموديلات الأكثر طلباً' });
    const dacia = await within(section).findByRole('link', { name: /Dacia\s*3 إعلانات$/ });
    expect(decodeURI(dacia.getAttribute('href') ?? '')).toBe('/ar/المغرب/سيارات?brand=dacia');
    unmount();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: ({ language }) => categories(language), getPopularModels: () => [] }));
    renderApp('/fr/vehicules');
    expect(await screen.findByText('Aucune voiture en ligne pour le moment.')).toBeInTheDocument();
  });

  it('says when a vertical has no categories yet', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCategories: ({ language }) => categories(language).filter((c) => c.parentId !== 20000 && c.parentId !== 2030) }),
    );
    renderApp('/fr/vehicules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Véhicules' })).toBeInTheDocument();
    expect(screen.getByText('Aucune catégorie pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Toutes les catégories' })).not.toBeInTheDocument();
  });

  it('says when a real-estate tab has nothing to list, in Arabic', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCategories: ({ language }) => realEstate(language).filter((c) => c.id !== 1400) }),
    );
    renderApp(`/ar/${encodeURIComponent('العقار')}?tab=shared`);
    const panel = await screen.findByRole('tabpanel', { name: 'سكن مشترك' });
    expect(within(panel).getByText('لا توجد فئات حاليًا')).toBeInTheDocument();
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is the 404 page for a slug that names no vertical', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/fr/nulle-part');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('has the real-estate tabs, each linking to its listings', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: ({ language }) => realEstate(language) }));
    renderApp('/fr/immobilier');

    const tablist = await screen.findByRole('tablist', { name: 'Types d’annonces immobilières' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Ventes',
      'Locations',
      'Immobilier neuf',
      'Vacances',
      'Colocations',
    ]);
    expect(within(tablist).getByRole('tab', { name: 'Ventes' })).toHaveAttribute('aria-selected', 'true');
    let panel = screen.getByRole('tabpanel', { name: 'Ventes' });
    expect(within(panel).getByRole('link', { name: 'Terrains' })).toHaveAttribute('href', '/maroc/terrains_sell');
    expect(within(panel).getByRole('link', { name: 'Voir tous les biens à vendre' })).toHaveAttribute(
      'href',
      '/maroc/immobilier-residentiel_sell',
    );

    fireEvent.click(within(tablist).getByRole('tab', { name: 'Locations' }));
    panel = screen.getByRole('tabpanel', { name: 'Locations' });
    expect(within(panel).getByRole('link', { name: 'Appartements' })).toHaveAttribute('href', '/maroc/appartements_rent');
    expect(within(panel).queryByRole('link', { name: 'Terrains' })).not.toBeInTheDocument();

    fireEvent.click(within(tablist).getByRole('tab', { name: 'Vacances' }));
    panel = screen.getByRole('tabpanel', { name: 'Vacances' });
    expect(within(panel).getByRole('link', { name: 'Voir toutes les locations de vacances' })).toHaveAttribute(
      'href',
      '/maroc/locations-de-vacances_vacation-rent',
    );

    fireEvent.keyDown(within(tablist).getByRole('tab', { name: 'Vacances' }), { key: 'ArrowRight' });
    expect(within(tablist).getByRole('tab', { name: 'Colocations' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tablist).getByRole('tab', { name: 'Colocations' })).toHaveFocus();
    fireEvent.keyDown(within(tablist).getByRole('tab', { name: 'Colocations' }), { key: 'ArrowRight' });
    expect(within(tablist).getByRole('tab', { name: 'Ventes' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(within(tablist).getByRole('tab', { name: 'Ventes' }), { key: 'End' });
    expect(within(tablist).getByRole('tab', { name: 'Colocations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in the address, in Arabic, with the Arabic slug', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getCategories: ({ language }) => realEstate(language) }, calls),
    );
    renderApp(`/ar/${encodeURIComponent('العقار')}?tab=shared`);

    expect(await screen.findByRole('heading', { level: 1, name: 'العقار' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'سكن مشترك' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'سكن مشترك' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(calls.every((call) => call.language === 'ar')).toBe(true);
  });
});
