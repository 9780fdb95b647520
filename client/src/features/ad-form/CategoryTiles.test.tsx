// The category step as tiles: the verticals first, a vertical's categories under their group
// (radio buttons of one group), the search that filters them by name in the page's language
// (case, accents and Arabic letter variants ignored), how many match said politely, and the
// choice kept in the draft that step 1 saves.

import { fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, categories, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { filterTiles, tilesOf } from './CategoryTiles';
import { forget } from './formMemory';

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

function formGateway(calls: GatewayCall[] = []) {
  return gateway({ saveAdDraft: ({ variables }) => ({ draftId: 'draft-1', adId: null, step: variables.step, nextStep: 2, ad: variables.ad }) }, calls);
}

beforeEach(() => {
  forget('insert');
});

describe('the category tiles', () => {
  it('offers the verticals, then the chosen vertical’s categories as radio tiles under their group', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway(calls));
    renderApp('/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'Catégorie' });
    const verticals = await within(form).findByRole('group', { name: 'Univers' });
    expect(within(verticals).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Immobilier2 catégories',
      'Véhicules3 catégories',
      "Emploi et services1 catégorie",
      'Marché1 catégorie',
    ]);
    const tiles = within(form).getByRole('group', { name: 'Catégorie' });
    expect(within(tiles).queryAllByRole('radio')).toHaveLength(0);
    expect(tiles).toHaveTextContent('Choisissez un univers ci-dessus, ou cherchez une catégorie par son nom.');

    fireEvent.click(within(verticals).getByRole('radio', { name: /^Véhicules/ }));
    // Grouped: "Voitures" directly under the vertical, the parts under their group.
    expect(within(tiles).getByRole('group', { name: 'Véhicules' })).toContainElement(within(tiles).getByRole('radio', { name: 'Voitures' }));
    const parts = within(tiles).getByRole('group', { name: 'Pièces et accessoires' });
    expect(within(parts).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['2060', '2075']);
    expect(within(form).getAllByText('3 catégories').filter((e) => e.getAttribute('aria-live') === 'polite')).toHaveLength(1);
    // One radio group: every tile shares the same name.
    expect(new Set(within(tiles).getAllByRole('radio').map((radio) => radio.getAttribute('name'))).size).toBe(1);

    fireEvent.click(within(parts).getByRole('radio', { name: 'Pièces moto' }));
    expect(within(parts).getByRole('radio', { name: 'Pièces moto' })).toBeChecked();
    expect(within(tiles).getByRole('radio', { name: 'Voitures' })).not.toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('form', { name: 'Description' });
    expect(calls.find((c) => c.operationName === 'saveAdDraft')?.variables.ad).toMatchObject({ categoryId: 2075, adType: 'sell' });
  });

  it('filters every category by its name in Arabic, the letter variants aside, and says when nothing matches', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway());
    renderApp('/ar/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'الفئة' });
    const search = await within(form).findByRole('searchbox', { name: 'البحث عن فئة' });
    // The verticals step aside while searching.
    fireEvent.change(search, { target: { value: 'سيار' } });
    expect(within(form).queryByRole('group', { name: 'المجال' })).not.toBeInTheDocument();
    const tiles = within(form).getByRole('group', { name: 'الفئة' });
    expect(within(tiles).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['2010', '2060']);
    expect(within(form).getByText('فئتان')).toHaveAttribute('aria-live', 'polite');
    // "اكسسوارات" typed without its hamza finds the group "قطع الغيار والإكسسوارات".
    fireEvent.change(search, { target: { value: 'اكسسوارات' } });
    expect(within(tiles).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['2060', '2075']);
    fireEvent.change(search, { target: { value: 'طائرة' } });
    expect(within(tiles).queryAllByRole('radio')).toHaveLength(0);
    expect(tiles).toHaveTextContent('لا توجد فئة تطابق «طائرة».');
    // Enter on a single match chooses it rather than sending the step.
    fireEvent.change(search, { target: { value: 'شقق' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(within(tiles).getByRole('radio', { name: 'شقق' })).toBeChecked();
    expect(screen.getByRole('form', { name: 'الفئة' })).toBeInTheDocument();
  });

  it('asks for the ad type when the category has several, and moves the focus to it when it is missing', async () => {
    signIn();
    const withTypes = (language: 'fr' | 'ar') =>
      categories(language).map((c) =>
        c.id === 1010
          ? { ...c, adTypes: [{ key: 'sell', order: 1, label: { fr: 'À vendre', ar: 'للبيع' } }, { key: 'rent', order: 2, label: { fr: 'À louer', ar: 'للكراء' } }] }
          : c,
      );
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: ({ language }) => withTypes(language) }));
    renderApp('/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'Catégorie' });
    fireEvent.change(await within(form).findByRole('searchbox', { name: 'Rechercher une catégorie' }), { target: { value: 'appart' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Appartements' }));
    const types = within(form).getByRole('group', { name: "Type d'annonce" });
    expect(within(types).getByRole('radio', { name: 'À vendre' })).not.toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    expect(within(form).getByText("Choisissez le type d'annonce")).toBeInTheDocument();
    expect(within(types).getByRole('radio', { name: 'À vendre' })).toHaveFocus();
  });
});

describe('filterTiles', () => {
  const tiles = tilesOf(categories('fr'));

  it('lists the leaves only, each with its group, vertical and an icon (its own, else its group’s, else its vertical’s)', () => {
    expect(tiles.map((t) => [t.category.id, t.group.id, t.vertical.id, t.icon])).toEqual([
      [1010, 10000, 10000, 'building'],
      [1020, 10000, 10000, 'home'],
      [2010, 20000, 20000, 'car'],
      [2060, 2030, 20000, 'wrench'],
      [2075, 2030, 20000, 'truck'],
      [3010, 30000, 30000, 'briefcase'],
      [5010, 50000, 50000, 'phone'],
    ]);
  });

  it('puts names starting with the query (or one of their words) first, then the rest that contain it or whose group does', () => {
    expect(filterTiles(tiles, 'PIECES').map((t) => t.category.name)).toEqual(['Pièces auto', 'Pièces moto']);
    expect(filterTiles(tiles, 'moto').map((t) => t.category.name)).toEqual(['Pièces moto']);
    expect(filterTiles(tiles, 'accessoires').map((t) => t.category.name)).toEqual(['Pièces auto', 'Pièces moto']);
    expect(filterTiles(tiles, '  ')).toHaveLength(tiles.length);
  });
});
