// Routes, the language switch, the lang cookie, the 404 page and the header's "post an ad"
// entry (login wall for visitors), through the whole app.

import { fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, categoriesHandler, gateway, tokenPair } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { documentNavigation } from './LanguageSwitch';

beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(categoriesHandler);
});

describe('language switch', () => {
  it('stores the lang cookie and loads the same page in Arabic from the server', async () => {
    const assign = jest.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Immobilier' });

    const link = screen.getByRole('link', { name: 'العربية' });
    expect(link).toHaveAttribute('href', '/ar');
    fireEvent.click(link);

    expect(document.cookie).toContain('lang=ar');
    expect(assign).toHaveBeenCalledWith('/ar');
  });

  it('keeps the path and the query of a prefixed page when going back to French', async () => {
    const assign = jest.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    renderApp('/ar/home?x=1');
    await screen.findByRole('heading', { level: 2, name: 'العقار' });

    const link = screen.getByRole('link', { name: 'Français' });
    expect(link).toHaveAttribute('href', '/fr/home?x=1');
    expect(link).toHaveAttribute('lang', 'fr');
    fireEvent.click(link);

    expect(document.cookie).toContain('lang=fr');
    expect(assign).toHaveBeenCalledWith('/fr/home?x=1');
  });

  it('uses the lang cookie when the path has no prefix', async () => {
    document.cookie = 'lang=ar; Path=/';

    renderApp('/home');

    expect(await screen.findByRole('heading', { level: 2, name: 'العقار' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});

describe('unknown routes', () => {
  it('render the 404 page in French', async () => {
    renderApp('/fr/nulle-part/ici');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l’accueil" })).toHaveAttribute('href', '/fr');
  });

  it('render the 404 page in Arabic', async () => {
    renderApp('/ar/nulle-part');

    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('layout', () => {
  it('has a banner with the product name and a main landmark', async () => {
    renderApp('/');

    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Souk');
    expect(screen.getByRole('main')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Immobilier' });
  });
});

describe('post an ad', () => {
  it('is in the header for visitors, who get the login wall and then the ad form', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginByIdentifier: () => tokenPair(), getAdParams: () => [] }));
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Immobilier' });
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Déposer une annonce' });
    expect(link).toHaveAttribute('href', '/fr/ad/insert/1');
    fireEvent.click(link);
    const wall = await screen.findByRole('dialog', { name: 'Connectez-vous pour continuer' });
    expect(app.pathname()).toBe('/');
    fireEvent.change(within(wall).getByLabelText('Numéro de téléphone'), { target: { value: '0612345678' } });
    fireEvent.change(within(wall).getByLabelText('Mot de passe'), { target: { value: 'souk-demo-2026' } });
    fireEvent.click(within(wall).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('form', { name: 'Catégorie' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/fr/ad/insert/1');
  });

  it('opens the ad form at once for a signed-in person, in Arabic', async () => {
    document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getAdParams: () => [] }));
    const app = renderApp('/ar');
    await screen.findByRole('heading', { level: 2, name: 'العقار' });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'أضف إعلانًا' }));
    expect(await screen.findByRole('form', { name: 'الفئة' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/ar/ad/insert/1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
