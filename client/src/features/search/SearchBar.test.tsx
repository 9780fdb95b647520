// The search bar: in the header of every page but the home (which has its own, large), it opens
// the listing with the keyword exactly as typed in `?q=` (no Arabic letter folded), the place and
// category in the path; the listing searches that keyword and shows it, the field keeps it.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { categories, cities, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { searchHref } from './SearchBar';

// The server reads `q` too, folded ("سياره"): the page shows what was typed.
const COUNTRY = (language: 'fr' | 'ar') => ({ language, locations: [], category: null, adType: null, keyword: language === 'ar' ? 'سياره' : null });
const EMPTY_PAGE = { ads: [], premium: [], total: 0, totalCapped: false, extended: null, facets: { categories: [], cities: [] }, offset: 0, limit: 12 };

describe('search bar', () => {
  it('builds the listing address with the keyword as typed', () => {
    expect(searchHref('ar', { keyword: ' سيارة ' })).toBe(`/ar/${encodeURIComponent('المغرب')}?q=${encodeURIComponent('سيارة').replace(/%20/g, '+')}`);
    expect(searchHref('fr', { keyword: 'Vélo électrique', citySlug: 'casablanca' })).toBe('/casablanca?q=V%C3%A9lo+%C3%A9lectrique');
    expect(searchHref('fr', { keyword: '' })).toBe('/maroc');
  });

  it('searches an Arabic keyword as typed from the header and keeps it in the field and the title', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          'parse-url': ({ language }) => COUNTRY(language),
          searchAds: () => EMPTY_PAGE,
          getRecentSearches: () => [],
          getCategories: ({ language }) => categories(language),
          getCitiesFormattedNext: ({ language }) => ({ cities: cities(language), count: 3 }),
        },
        calls,
      ),
    );
    const { pathname, search } = renderApp('/ar/boutiques');
    const bar = await screen.findByRole('search', { name: 'البحث في الإعلانات' });
    fireEvent.change(within(bar).getByRole('searchbox', { name: 'عمّ تبحث؟' }), { target: { value: 'سيارة' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'بحث' }));
    await waitFor(() => {
      expect(decodeURIComponent(pathname() ?? '')).toBe('/ar/المغرب');
    });
    expect(new URLSearchParams(search()).get('q')).toBe('سيارة');
    await waitFor(() => {
      expect(calls.find((call) => call.operationName === 'searchAds')?.variables.filters).toEqual({ keyword: 'سيارة' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: /سيارة/ })).toBeInTheDocument();
    const field = within(screen.getByRole('search', { name: 'البحث في الإعلانات' })).getByRole('searchbox', { name: 'عمّ تبحث؟' });
    expect(field).toHaveValue('سيارة');
  });

  it('is large on the home and not repeated in its header', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCategories: ({ language }) => categories(language), getPopularCitiesFormattedNext: () => [], getPremiumAds: () => [] }));
    renderApp('/');
    const bars = await screen.findAllByRole('search', { name: 'Recherche d’annonces' });
    expect(bars).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByRole('search', { name: 'Recherche d’annonces' })).toBeInTheDocument();
  });
});
