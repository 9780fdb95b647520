// Which first page the route shapes name before the router runs.

import { firstPageOf } from './firstPage';

describe('firstPageOf', () => {
  it('knows the home page, ads and listings, with or without a language prefix', () => {
    expect(firstPageOf('/')).toEqual({ page: 'home' });
    expect(firstPageOf('/ar')).toEqual({ page: 'home' });
    expect(firstPageOf('/vi/10000001.htm')).toEqual({ page: 'ad', listId: 10000001 });
    expect(firstPageOf('/ar/souss-massa/outils/caisse_10000001.htm')).toEqual({ page: 'ad', listId: 10000001 });
    expect(firstPageOf('/maroc/voitures')).toEqual({ page: 'listing' });
    expect(firstPageOf('/fr/casablanca/immobilier/appartements/a_vendre')).toEqual({ page: 'listing' });
  });

  it('starts nothing for the app pages and the shapes it cannot be sure of', () => {
    expect(firstPageOf('/account/signin')).toEqual({ page: 'other' });
    expect(firstPageOf('/boutiques/casablanca')).toEqual({ page: 'other' });
    expect(firstPageOf('/messages/chat')).toEqual({ page: 'other' });
    expect(firstPageOf('/immobilier')).toEqual({ page: 'other' });
    expect(firstPageOf('/a/b/not-an-ad')).toEqual({ page: 'other' });
  });
});
