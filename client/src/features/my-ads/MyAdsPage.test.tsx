// My ads and favorites: loading, error, empty tabs, the list with counts, the sub-filter,
// stats, and every operation modal of spec §4 (activated, limit reached, delete confirmation,
// deletion refused with days, appeal limit, properties, bulk with a reason), the page moving
// back when emptied, page titles, and favorites with unsave.

import { fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, gateway, graphqlError, internalErrorResponse, jsonResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { listAd } from '../../../test/adFixtures';
import { renderApp } from '../../../test/renderApp';

function signIn(roles: string[] = []) {
  document.cookie = `souk_token=${accessTokenFor({ roles })}; Path=/`;
}

const COUNTS = {
  countByStatus: [
    { status: 'ACTIVE', count: 2 },
    { status: 'PENDING_REVIEW', count: 1 },
    { status: 'REFUSED', count: 1 },
    { status: 'DEACTIVATED', count: 1 },
    { status: 'DELETED', count: 0 },
    { status: 'PENDING_PAYMENT', count: 0 },
  ],
};

const ACTIVE = [listAd({ listId: 1, title: 'Dacia Logan' }), listAd({ listId: 2, title: 'Renault Clio' })];
const DEACTIVATED = [listAd({ listId: 3, title: 'Peugeot 208', status: 'deactivated', deletableInDays: 5 })];
const REFUSED = [listAd({ listId: 4, title: 'Villa', status: 'refused', refusalReasonText: 'Photos non conformes' })];

function myAds(extra: Record<string, (call: GatewayCall) => unknown> = {}, calls: GatewayCall[] = []) {
  return gateway(
    {
      getMyAdsCount: () => COUNTS,
      getMyAds: ({ variables }) => {
        const status = (variables.filters as { status: string }).status;
        const ads = status === 'ACTIVE' ? ACTIVE : status === 'DEACTIVATED' ? DEACTIVATED : status === 'REFUSED' ? REFUSED : [];
        return { ads, count: { total: ads.length } };
      },
      ...extra,
    },
    calls,
  );
}

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('my ads', () => {
  it('sends visitors to sign in', async () => {
    mockFetch().mockImplementation(myAds());
    const { pathname } = renderApp('/account/v2/my-ads');
    await screen.findByRole('heading', { level: 1 });
    expect(pathname()).toBe('/fr/account/signin');
  });

  it('shows a loader, then the error with a retry', async () => {
    signIn();
    mockFetch().mockImplementation(pending);
    const { unmount } = renderApp('/account/v2/my-ads');
    expect(await screen.findByRole('status', { name: 'Chargement de vos annonces…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    mockFetch().mockImplementation(
      myAds({
        getMyAds: () => (failures-- > 0 ? internalErrorResponse() : { ads: ACTIVE, count: { total: 2 } }),
      }),
    );
    renderApp('/account/v2/my-ads');
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dacia Logan' })).toBeInTheDocument();
  });

  it('lists active ads with the tab counts, the title "Mon compte", and the stats on demand', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(myAds({}, calls));
    renderApp('/account/v2/my-ads');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Statut des annonces' });
    expect(await within(tabs).findByRole('link', { name: 'Actives (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'En attente de modération (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dacia Logan' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getMyAds')?.variables).toEqual({
      filters: { status: 'ACTIVE', boosted: 'all_ads' },
      pagination: { number: 1, size: 12 },
    });

    expect(screen.queryByRole('definition')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Afficher les statistiques' }));
    const stats = screen.getByLabelText('Statistiques de « Dacia Logan »');
    expect(within(stats).getByText('Vues').nextSibling).toHaveTextContent('120');

    fireEvent.change(screen.getByRole('combobox', { name: 'Afficher' }), { target: { value: 'boosted_active_ads' } });
    await screen.findByRole('heading', { level: 2, name: 'Dacia Logan' });
    expect(calls.filter((c) => c.operationName === 'getMyAds').at(-1)?.variables).toEqual({
      filters: { status: 'ACTIVE', boosted: 'boosted_active_ads' },
      pagination: { number: 1, size: 12 },
    });
  });

  it('titles a shop account "Ma boutique" and shows each empty tab', async () => {
    signIn(['ROLE_STORE_OWNER']);
    mockFetch().mockImplementation(myAds());
    renderApp('/account/v2/my-ads?status=DELETED');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma boutique' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune annonce supprimée.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /^En attente de paiement/ }));
    expect(await screen.findByText('Aucune annonce en attente de paiement.')).toBeInTheDocument();
  });

  it('deactivates an active ad with a toast', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds({ deactivateAd: () => ({ adId: 'x', listId: 1, status: 'deactivated', outcome: 'DEACTIVATED', messageKey: '', message: '' }) }, calls),
    );
    renderApp('/account/v2/my-ads');
    const actions = await screen.findByRole('group', { name: 'Actions sur « Dacia Logan »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Annonce désactivée')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'deactivateAd')?.variables).toEqual({ adId: ACTIVE[0]?.adId });
  });

  it("activates with the 'ad activated' modal, or the 'active limit reached' one", async () => {
    signIn();
    let outcome = 'ACTIVATED';
    mockFetch().mockImplementation(
      myAds({ activateAd: () => ({ adId: 'x', listId: 3, status: 'active', outcome, messageKey: '', message: '' }) }),
    );
    renderApp('/account/v2/my-ads?status=DEACTIVATED');
    const actions = await screen.findByRole('group', { name: 'Actions sur « Peugeot 208 »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Activer' }));
    const activated = await screen.findByRole('dialog', { name: 'Annonce activée' });
    fireEvent.click(within(activated).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    outcome = 'PAYMENT_REQUIRED';
    fireEvent.click(within(actions).getByRole('button', { name: 'Activer' }));
    const limit = await screen.findByRole('dialog', { name: "Limite d'annonces actives atteinte" });
    expect(within(limit).getByRole('link', { name: 'Payer pour publier' })).toHaveAttribute(
      'href',
      '/fr/account/v2/my-ads?status=PENDING_PAYMENT',
    );
  });

  it('confirms a deletion and shows the days remaining when it is refused', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds(
        {
          deleteAd: () =>
            jsonResponse({
              data: null,
              errors: [{ message: 'Suppression possible dans 3 jours', extensions: { code: 'DELETION_REFUSED', messageKey: 'adOperations.deletionRefused', days: 3 } }],
            }),
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-ads?status=DEACTIVATED');
    const actions = await screen.findByRole('group', { name: 'Actions sur « Peugeot 208 »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer' }));
    const confirm = screen.getByRole('dialog', { name: "Supprimer l'annonce ?" });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.operationName === 'deleteAd')).toBe(false);

    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    const refused = await screen.findByRole('dialog', { name: 'Suppression refusée' });
    expect(refused).toHaveTextContent('Vous pourrez supprimer cette annonce dans 3 jours.');
    expect(calls.find((c) => c.operationName === 'deleteAd')?.variables).toEqual({ listId: 3 });
  });

  it('goes back one page when the page is emptied', async () => {
    signIn();
    let remaining = 1;
    mockFetch().mockImplementation(
      myAds({
        getMyAds: ({ variables }) => {
          const page = (variables.pagination as { number: number }).number;
          if (page === 2) return { ads: remaining > 0 ? [DEACTIVATED[0]] : [], count: { total: 12 + remaining } };
          return { ads: Array.from({ length: 12 }, (_, i) => listAd({ listId: 100 + i, title: `Annonce ${String(i)}`, status: 'deactivated' })), count: { total: 12 + remaining } };
        },
        deleteAd: () => {
          remaining = 0;
          return { adId: 'x', listId: 3, status: 'deleted', outcome: 'DELETED', messageKey: '', message: '' };
        },
      }),
    );
    renderApp('/account/v2/my-ads?status=DEACTIVATED&page=2');
    const actions = await screen.findByRole('group', { name: 'Actions sur « Peugeot 208 »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Annonce supprimée')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Annonce 0' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('deactivates the selected ads with a reason', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds({ bulkDeactivateAds: ({ variables }) => (variables.adIds as string[]).map((adId) => ({ adId, status: 'deactivated', error: null })) }, calls),
    );
    renderApp('/account/v2/my-ads');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner « Dacia Logan »' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner « Renault Clio »' }));
    const bulk = screen.getByRole('group', { name: '2 annonces sélectionnées' });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Désactiver la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver 2 annonces' });
    expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Raison' }), { target: { value: 'sold_elsewhere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('2 annonces traitées')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'bulkDeactivateAds')?.variables).toEqual({
      adIds: [ACTIVE[0]?.adId, ACTIVE[1]?.adId],
      reason: 'sold_elsewhere',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('appeals a refused ad and shows the appeal limit', async () => {
    signIn();
    mockFetch().mockImplementation(
      myAds({ appealAd: () => graphqlError('APPEAL_LIMIT_REACHED', 'appeal.error.limitReached', 'Limite de recours atteinte') }),
    );
    renderApp('/account/v2/my-ads?status=REFUSED');
    expect(await screen.findByText('Motif du refus : Photos non conformes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Faire un recours' }));
    const dialog = screen.getByRole('dialog', { name: 'Faire un recours' });
    fireEvent.change(within(dialog).getByLabelText('Votre message au modérateur'), { target: { value: 'Photos changées' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le recours' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Limite de recours atteinte');
  });

  it('shows the ad properties', async () => {
    signIn();
    mockFetch().mockImplementation(myAds());
    renderApp('/ar/account/v2/my-ads');
    expect(await screen.findByRole('heading', { level: 1, name: 'حسابي' })).toBeInTheDocument();
    const actions = await screen.findByRole('group', { name: 'إجراءات «Dacia Logan»' });
    fireEvent.click(within(actions).getByRole('button', { name: 'الخصائص' }));
    const dialog = screen.getByRole('dialog', { name: 'خصائص الإعلان' });
    expect(within(dialog).getByText('الرقم').nextSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('الحالة').nextSibling).toHaveTextContent('نشطة');
  });
});

describe('favorites', () => {
  it('shows the empty state', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMySavedAds: () => ({ ads: [], count: 0 }) }));
    renderApp('/account/v2/my-favorites');
    expect(await screen.findByText("Vous n'avez sauvegardé aucune annonce.")).toBeInTheDocument();
  });

  it('shows the error', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMySavedAds: () => internalErrorResponse() }));
    renderApp('/account/v2/my-favorites');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur Veuillez réessayer plus tard');
  });

  it('lists saved ads and removes one once the server confirms', async () => {
    signIn();
    let saved = [{ listId: 7, title: 'Appartement Maarif', image: null, price: null }];
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          getMySavedAds: () => ({ ads: saved, count: saved.length }),
          unsaveAd: () => {
            saved = [];
            return { code: 204 };
          },
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-favorites');
    expect(await screen.findByRole('link', { name: 'Appartement Maarif' })).toHaveAttribute('href', '/fr/vi/7.htm');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer « Appartement Maarif » des favoris' }));
    expect(await screen.findByText("Vous n'avez sauvegardé aucune annonce.")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'unsaveAd')?.variables).toEqual({ input: { listId: 7 } });
  });
});
