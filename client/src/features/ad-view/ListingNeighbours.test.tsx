// Previous / next within the listing the person came from: neighbours on the same page, the
// neighbouring page asked for at the ends (its loading and its failure with a retry), and
// nothing when the ad is not in that listing.

import { fireEvent, screen, within } from '@testing-library/react';
import { listAd, publicAd } from '../../../test/adFixtures';
import { gateway, internalErrorResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { lastListing, rememberListing } from '../listing/listingContext';

const RESOLVERS = {
  getAd: ({ variables }: GatewayCall) => publicAd({ listId: variables.listId as number, title: `Annonce ${String(variables.listId)}` }),
  getRelatedAds: () => [],
  getPremiumAds: () => [],
  searchAds: ({ variables }: GatewayCall) => ({
    ads: variables.offset === 0 ? [listAd({ listId: 1 }), listAd({ listId: 2 })] : [listAd({ listId: 30 }), listAd({ listId: 31 })],
    premium: [],
    total: 26,
    totalCapped: false,
    extended: null,
    facets: { categories: [], cities: [] },
    offset: variables.offset,
    limit: 12,
  }),
};

function remember(offset: number, ids: number[]) {
  rememberListing({ href: `/casablanca/voitures${offset ? `?o=${String(offset)}` : ''}`, filters: { cityId: 1 }, sort: 'RELEVANCE', offset, total: 26, ids });
}

describe('previous and next ad', () => {
  it('links to the neighbours on the same page and back to the results', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(RESOLVERS));
    remember(0, [11, 12, 13]);
    renderApp('/vi/12.htm');
    const nav = await screen.findByRole('navigation', { name: 'Parcourir les résultats' });
    expect(within(nav).getByRole('link', { name: 'Annonce précédente' })).toHaveAttribute('href', '/fr/vi/11.htm');
    expect(within(nav).getByRole('link', { name: 'Annonce suivante' })).toHaveAttribute('href', '/fr/vi/13.htm');
    expect(within(nav).getByRole('link', { name: 'Retour aux résultats' })).toHaveAttribute('href', '/casablanca/voitures');
  });

  it('goes to the end of the previous page from the first ad of a page', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(RESOLVERS, calls));
    remember(12, [20, 21]);
    renderApp('/vi/20.htm');
    const previous = await screen.findByRole('link', { name: 'Annonce précédente' });
    expect(previous).toHaveAttribute('href', '/fr/vi/2.htm');
    expect(calls.find((c) => c.operationName === 'searchAds')?.variables).toMatchObject({ filters: { cityId: 1 }, offset: 0 });
    fireEvent.click(previous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonce 2' })).toBeInTheDocument();
    expect(lastListing()).toMatchObject({ offset: 0, ids: [1, 2], href: '/casablanca/voitures' });
    expect(screen.getByRole('link', { name: 'Annonce précédente' })).toHaveAttribute('href', '/fr/vi/1.htm');
  });

  it('shows a loader while the neighbouring page is asked for', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ ...RESOLVERS, searchAds: () => pending() }));
    remember(12, [20, 21]);
    renderApp('/vi/21.htm');
    const nav = await screen.findByRole('navigation', { name: 'Parcourir les résultats' });
    expect(within(nav).getByRole('link', { name: 'Annonce précédente' })).toHaveAttribute('href', '/fr/vi/20.htm');
    expect(within(nav).getByRole('status', { name: "Recherche de l'annonce suivante…" })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Annonce suivante' })).not.toBeInTheDocument();
  });

  it('offers a retry when the neighbouring page fails, in Arabic', async () => {
    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ ...RESOLVERS, searchAds: (call) => (failures-- > 0 ? internalErrorResponse() : RESOLVERS.searchAds(call)) }),
    );
    remember(12, [20, 21]);
    renderApp('/ar/vi/20.htm');
    const nav = await screen.findByRole('navigation', { name: 'تصفح النتائج' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'الإعلان السابق: أعد المحاولة' }));
    expect(await within(nav).findByRole('link', { name: 'الإعلان السابق' })).toHaveAttribute('href', '/ar/vi/2.htm');
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing for an ad that is not in the last listing', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(RESOLVERS));
    remember(0, [11, 12]);
    renderApp('/vi/99.htm');
    await screen.findByRole('heading', { level: 1, name: 'Annonce 99' });
    expect(screen.queryByRole('navigation', { name: 'Parcourir les résultats' })).not.toBeInTheDocument();
  });
});
