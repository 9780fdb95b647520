// The legal pages: reached from the footer's links on any page, in French and Arabic, with
// their table of contents pointing at their sections, a link to the other legal page, and
// their document titles; and the 404 page's ways on (search, home, post an ad).

import { fireEvent, screen, within } from '@testing-library/react';
import { gateway } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getPremiumAds: () => [], searchAds: () => new Promise(() => undefined) }));
});

describe('legal pages', () => {
  it('opens the terms of use from the footer, with contents linking to each section', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const link = within(footer).getByRole('link', { name: 'Conditions d’utilisation' });
    expect(link).toHaveAttribute('href', '/fr/conditions-utilisation');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeInTheDocument();
    expect(screen.getByText('Mise à jour le 27 novembre 2026')).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Sommaire' });
    const entries = within(contents).getAllByRole('listitem').map((item) => within(item).getByRole('link'));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const entry of entries) {
      const target = document.getElementById((entry.getAttribute('href') ?? '').slice(1));
      expect(target).not.toBeNull();
      expect(target).toHaveAccessibleName(entry.textContent);
    }
    expect(screen.getByRole('region', { name: 'Publication des annonces' })).toHaveTextContent('dirhams (DH)');
    expect(within(contents).getByRole('link', { name: 'Confidentialité' })).toHaveAttribute('href', '/fr/confidentialite');
    expect(document.title).toBe('Conditions d’utilisation · Souk');
  });

  it('shows the privacy page in Arabic under /ar, right to left', async () => {
    renderApp('/ar/confidentialite');
    expect(await screen.findByRole('heading', { level: 1, name: 'الخصوصية' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'حقوقك' })).toHaveTextContent('09-08');
    expect(within(screen.getByRole('navigation', { name: 'المحتويات' })).getByRole('link', { name: 'شروط الاستخدام' })).toHaveAttribute(
      'href',
      '/ar/conditions-utilisation',
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.title).toBe('الخصوصية · Souk');
  });
});

describe('not-found page', () => {
  it.each([
    ['/une/page/qui/nexiste/pas', 'Page introuvable', 'Cherchez plutôt une annonce', 'Retour à l’accueil', '/fr', 'Déposer une annonce'],
    ['/ar/une/page/qui/nexiste/pas', 'الصفحة غير موجودة', 'ابحث عن إعلان بدلًا من ذلك', null, '/ar', null],
  ])('at %s says so, offers a search and the ways back', async (path, title, search, home, homeHref, post) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const searchRegion = screen.getByRole('region', { name: search });
    expect(within(searchRegion).getByRole('search')).toBeInTheDocument();
    const page = screen.getByRole('heading', { level: 1 }).closest('.page');
    if (!(page instanceof HTMLElement)) throw new Error('no page');
    const links = within(page).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', homeHref);
    if (home) expect(links[0]).toHaveTextContent(home);
    if (post) expect(within(page).getByRole('link', { name: post })).toHaveAttribute('href', '/fr/ad/insert/1');
  });
});
