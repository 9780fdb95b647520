// My ads and favorites: loading, error, empty tabs and sub-filters (with a way to post an ad),
// the list with counts, the sub-filter, stats, and every operation modal of spec §4
// (activated, limit reached, delete confirmation, deletion refused with days — at once when
// the ad is not deletable yet, and on the server's refusal — appeal limit, properties, bulk
// with a reason, select / deselect the page), the operation links of spec §2, the page moving
// back when emptied, page titles, the empty state of every status tab, card or list display,
// the tab counts after an operation, what an ad waiting for payment owes and its way to the
// checkout, a successful appeal,
// bulk deletion with a reason, and favorites with unsave and its failures.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, FakeRealtime, gateway, graphqlError, internalErrorResponse, jsonResponse, pending, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { listAd } from '../../../test/adFixtures';
import { renderApp } from '../../../test/renderApp';
import { TOUR_KEY_PREFIX } from '../account-area/OnboardingTour';
import { DISPLAY_KEY } from './MyAdsPage';

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
    // Each active ad leads to its boost (spec §4 action boost).
    const boost = within(screen.getByRole('group', { name: /Dacia Logan/ })).getByRole('link', { name: 'Booster' });
    expect(boost.getAttribute('href')).toMatch(/^\/fr\/checkout\/boost\?ad=[^&]+$/);

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

  it('moves a private seller’s counters live from the stats:update events, without asking again', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const realtime = new FakeRealtime();
    mockFetch().mockImplementation(myAds({}, calls));
    renderApp('/account/v2/my-ads', { realtime: realtime.connect });
    await screen.findByRole('heading', { level: 2, name: 'Dacia Logan' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Afficher les statistiques' }));
    const stats = () => screen.getByLabelText('Statistiques de « Dacia Logan »');
    const before = Number(within(stats()).getByText('Vues').nextSibling?.textContent);
    const phones = Number(within(stats()).getByText('Numéro affiché').nextSibling?.textContent);
    await waitFor(() => {
      expect(realtime.listeners('stats:update')).toBe(1);
    });

    const dacia = listAd({ listId: 1, title: 'Dacia Logan' }).adId;
    act(() => {
      const at = Math.floor(Date.now() / 1000);
      realtime.emit('stats:update', { adId: dacia, metric: 'view', count: 2, at });
      realtime.emit('stats:update', { adId: dacia, metric: 'phoneView', count: 1, at });
      realtime.emit('stats:update', { adId: 'another-ad', metric: 'view', count: 5, at });
      realtime.emit('stats:update', { adId: dacia, metric: 'bump', count: 1, at });
    });

    await waitFor(() => {
      expect(within(stats()).getByText('Vues').nextSibling).toHaveTextContent(String(before + 2));
    });
    expect(within(stats()).getByText('Numéro affiché').nextSibling).toHaveTextContent(String(phones + 1));
    const renault = screen.getByLabelText('Statistiques de « Renault Clio »');
    expect(within(renault).getByText('Vues').nextSibling).toHaveTextContent('120');
    expect(calls.filter((c) => c.operationName === 'getMyAds')).toHaveLength(1);
  });

  it('titles a shop account "Ma boutique" and shows each empty tab with a way to post an ad', async () => {
    signIn(['ROLE_STORE_OWNER']);
    window.localStorage.setItem(`${TOUR_KEY_PREFIX}42`, '1');
    mockFetch().mockImplementation(myAds());
    renderApp('/account/v2/my-ads?status=DELETED');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma boutique' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune annonce supprimée.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Déposer une annonce' })).toHaveAttribute('href', '/fr/ad/insert/1');
    fireEvent.click(screen.getByRole('link', { name: /^En attente de paiement/ }));
    expect(await screen.findByText('Aucune annonce en attente de paiement.')).toBeInTheDocument();
  });

  it.each([
    ['fr', 'boosted_active_ads', "Aucune de vos annonces actives n'est boostée.", 'Déposer une annonce'],
    ['fr', 'unboosted_active_ads', 'Toutes vos annonces actives sont boostées.', 'Déposer une annonce'],
    ['ar', 'boosted_active_ads', 'لا يوجد أي إعلان معزز بين إعلاناتك النشطة.', 'أضف إعلانًا'],
    ['ar', 'unboosted_active_ads', 'كل إعلاناتك النشطة معززة.', 'أضف إعلانًا'],
  ])('shows the %s empty state of the %s sub-filter', async (language, boosted, empty, postAd) => {
    signIn();
    mockFetch().mockImplementation(
      myAds({ getMyAds: ({ variables }) => ((variables.filters as { boosted?: string }).boosted === boosted ? { ads: [], count: { total: 0 } } : { ads: ACTIVE, count: { total: 2 } }) }),
    );
    renderApp(`/${language}/account/v2/my-ads?status=ACTIVE&page=1`);
    await screen.findByRole('heading', { level: 2, name: 'Dacia Logan' });
    fireEvent.change(screen.getByRole('combobox', { name: language === 'fr' ? 'Afficher' : 'عرض' }), { target: { value: boosted } });
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: postAd })).toHaveAttribute('href', `/${language}/ad/insert/1`);
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
    expect(limit).toHaveTextContent('Vous pouvez toujours payer pour activer votre annonce.');
    expect(within(limit).getByRole('link', { name: 'Payer pour activer' })).toHaveAttribute(
      'href',
      `/fr/checkout?ad=${DEACTIVATED[0]?.adId ?? ''}`,
    );
    fireEvent.click(within(limit).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says on an ad waiting for payment what is due and why, and leads to its checkout', async () => {
    signIn();
    const waiting = listAd({ listId: 5, title: 'Kia Picanto', status: 'pending_payment', category: { id: 2010, name: 'Voitures' } });
    mockFetch().mockImplementation(myAds({ getMyAds: () => ({ ads: [waiting], count: { total: 1 } }) }));
    const { unmount } = renderApp('/account/v2/my-ads?status=PENDING_PAYMENT');
    const due = await screen.findByRole('note', { name: "Frais d'insertion dus" });
    expect(due).toHaveTextContent("Vous avez atteint le nombre d'annonces gratuites actives de la catégorie « Voitures » : des frais d'insertion sont dus pour publier cette annonce.");
    expect(due).toHaveTextContent("Payez les frais d'insertion avec un code en agence (Fatourati, Cash Plus ou Tasshilat).");
    const actions = screen.getByRole('group', { name: 'Actions sur « Kia Picanto »' });
    expect(within(actions).getByRole('link', { name: "Payer les frais d'insertion" })).toHaveAttribute('href', `/fr/checkout?ad=${waiting.adId}`);
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Supprimer', 'Propriétés']);
    unmount();

    renderApp('/ar/account/v2/my-ads?status=PENDING_PAYMENT');
    expect(await screen.findByRole('note', { name: 'رسوم الإدراج مستحقة' })).toHaveTextContent('لقد بلغت عدد الإعلانات المجانية النشطة في فئة «Voitures»');
    expect(screen.getByRole('link', { name: 'أداء رسوم الإدراج' })).toHaveAttribute('href', `/ar/checkout?ad=${waiting.adId}`);
  });

  it('shows no payment note on ads in other statuses', async () => {
    signIn();
    mockFetch().mockImplementation(myAds());
    renderApp('/account/v2/my-ads?status=DEACTIVATED');
    await screen.findByRole('heading', { level: 2, name: 'Peugeot 208' });
    expect(screen.queryByRole('note', { name: "Frais d'insertion dus" })).not.toBeInTheDocument();
  });

  it('confirms the deletion of a deletable ad, and shows the days remaining when the server refuses it', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds(
        {
          getMyAds: () => ({ ads: [{ ...DEACTIVATED[0], deletableInDays: 0 }], count: { total: 1 } }),
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

  it("shows 'deletion refused' with the days remaining at once for an ad not deletable yet", async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(myAds({}, calls));
    renderApp('/account/v2/my-ads?status=DEACTIVATED');
    const actions = await screen.findByRole('group', { name: 'Actions sur « Peugeot 208 »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer' }));
    const refused = screen.getByRole('dialog', { name: 'Suppression refusée' });
    expect(refused).toHaveTextContent('Vous pourrez supprimer cette annonce dans 5 jours.');
    expect(screen.queryByRole('dialog', { name: "Supprimer l'annonce ?" })).not.toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'deleteAd')).toBe(false);
  });

  it('says so in Arabic too', async () => {
    signIn();
    mockFetch().mockImplementation(myAds({ getMyAds: () => ({ ads: [{ ...DEACTIVATED[0], deletableInDays: 2 }], count: { total: 1 } }) }));
    renderApp('/ar/account/v2/my-ads?status=DEACTIVATED');
    const actions = await screen.findByRole('group', { name: 'إجراءات «Peugeot 208»' });
    fireEvent.click(within(actions).getByRole('button', { name: 'حذف' }));
    expect(screen.getByRole('dialog', { name: 'تم رفض الحذف' })).toHaveTextContent('يمكنك حذف هذا الإعلان بعد يومين.');
  });

  it('goes back one page when the page is emptied', async () => {
    signIn();
    let remaining = 1;
    mockFetch().mockImplementation(
      myAds({
        getMyAds: ({ variables }) => {
          const page = (variables.pagination as { number: number }).number;
          if (page === 2) return { ads: remaining > 0 ? [{ ...DEACTIVATED[0], deletableInDays: 0 }] : [], count: { total: 12 + remaining } };
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

  it('selects and deselects the whole page, and names the ads the server refused', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds(
        {
          bulkDeactivateAds: ({ variables }) =>
            (variables.adIds as string[]).map((adId, i) =>
              i === 0
                ? { adId, status: 'deactivated', error: null }
                : { adId, status: null, error: { code: 'AD_OPERATION_NOT_ALLOWED', messageKey: 'x.unknown', message: 'Opération impossible' } },
            ),
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-ads');
    fireEvent.click(await screen.findByRole('button', { name: 'Tout sélectionner' }));
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « Dacia Logan »' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « Renault Clio »' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Tout sélectionner' })).not.toBeInTheDocument();
    const bulk = screen.getByRole('group', { name: '2 annonces sélectionnées' });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Tout désélectionner' }));
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « Dacia Logan »' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: /sélectionnée/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    fireEvent.click(within(screen.getByRole('group', { name: '2 annonces sélectionnées' })).getByRole('button', { name: 'Désactiver la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver 2 annonces' });
    expect(within(within(dialog).getByRole('list', { name: 'Annonces choisies' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Dacia Logan',
      'Renault Clio',
    ]);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Raison' }), { target: { value: 'other' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('« Renault Clio » : Opération impossible');
    expect(await screen.findByText('1 annonce traitée')).toBeInTheDocument();
  });

  it('offers no bulk selection where no bulk operation applies', async () => {
    signIn();
    mockFetch().mockImplementation(myAds({ getMyAds: () => ({ ads: [listAd({ listId: 9, title: 'Vélo', status: 'pending_review' })], count: { total: 1 } }) }));
    renderApp('/account/v2/my-ads?status=PENDING_REVIEW');
    await screen.findByRole('heading', { level: 2, name: 'Vélo' });
    expect(screen.queryByRole('button', { name: 'Tout sélectionner' })).not.toBeInTheDocument();
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

  it.each([
    ['fr', 'ACTIVE', "Vous n'avez aucune annonce active.", 'Déposer une annonce'],
    ['fr', 'PENDING_REVIEW', 'Aucune annonce en attente de modération.', 'Déposer une annonce'],
    ['fr', 'REFUSED', 'Aucune annonce refusée.', 'Déposer une annonce'],
    ['fr', 'DEACTIVATED', 'Aucune annonce désactivée.', 'Déposer une annonce'],
    ['ar', 'ACTIVE', 'ليس لديك أي إعلان نشط.', 'أضف إعلانًا'],
    ['ar', 'PENDING_REVIEW', 'لا توجد إعلانات في انتظار المراجعة.', 'أضف إعلانًا'],
    ['ar', 'REFUSED', 'لا توجد إعلانات مرفوضة.', 'أضف إعلانًا'],
    ['ar', 'DEACTIVATED', 'لا توجد إعلانات معطلة.', 'أضف إعلانًا'],
  ])('shows the %s empty state of the %s tab with a way to post an ad', async (language, status, empty, postAd) => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(myAds({ getMyAds: () => ({ ads: [], count: { total: 0 } }) }, calls));
    renderApp(`/${language}/account/v2/my-ads?status=${status}&page=1`);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: postAd })).toHaveAttribute('href', `/${language}/ad/insert/1`);
    expect(screen.queryByRole('list', { name: language === 'fr' ? 'Vos annonces' : 'إعلاناتك' })).not.toBeInTheDocument();
    expect((calls.find((c) => c.operationName === 'getMyAds')?.variables.filters as { status: string }).status).toBe(status);
  });

  it('shows the ads as cards or as a list, and remembers the choice', async () => {
    signIn();
    mockFetch().mockImplementation(myAds());
    const { unmount } = renderApp('/account/v2/my-ads');
    const list = await screen.findByRole('list', { name: 'Vos annonces' });
    const display = screen.getByRole('group', { name: 'Affichage' });
    const cards = within(display).getByRole('button', { name: 'Cartes' });
    const rows = within(display).getByRole('button', { name: 'Liste' });
    expect(cards).toHaveAttribute('aria-pressed', 'true');
    expect(rows).toHaveAttribute('aria-pressed', 'false');
    expect(list).toHaveClass('my-ads__list--cards');

    fireEvent.click(rows);
    expect(rows).toHaveAttribute('aria-pressed', 'true');
    expect(cards).toHaveAttribute('aria-pressed', 'false');
    expect(list).toHaveClass('my-ads__list--list');
    expect(list).not.toHaveClass('my-ads__list--cards');
    // The same ads with the same actions, only laid out differently.
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Dacia Logan', 'Renault Clio']);
    expect(within(list).getByRole('group', { name: 'Actions sur « Renault Clio »' })).toBeInTheDocument();
    expect(window.localStorage.getItem(DISPLAY_KEY)).toBe('list');
    unmount();

    renderApp('/account/v2/my-ads?status=ACTIVE&page=1');
    expect(await screen.findByRole('list', { name: 'Vos annonces' })).toHaveClass('my-ads__list--list');
    expect(screen.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Cartes' }));
    expect(screen.getByRole('list', { name: 'Vos annonces' })).toHaveClass('my-ads__list--cards');
    expect(window.localStorage.getItem(DISPLAY_KEY)).toBe('cards');
  });

  it('updates the tab counts after an operation', async () => {
    signIn();
    const counts = new Map(COUNTS.countByStatus.map((row) => [row.status, row.count]));
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds(
        {
          getMyAdsCount: () => ({ countByStatus: [...counts].map(([status, count]) => ({ status, count })) }),
          deactivateAd: () => {
            counts.set('ACTIVE', 1);
            counts.set('DEACTIVATED', 2);
            return { adId: 'x', listId: 1, status: 'deactivated', outcome: 'DEACTIVATED', messageKey: '', message: '' };
          },
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-ads');
    const tabs = screen.getByRole('navigation', { name: 'Statut des annonces' });
    await within(tabs).findByRole('link', { name: 'Actives (2)' });
    expect(within(tabs).getByRole('link', { name: 'Désactivées (1)' })).toBeInTheDocument();
    const actions = await screen.findByRole('group', { name: 'Actions sur « Dacia Logan »' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Désactiver' }));
    expect(await within(tabs).findByRole('link', { name: 'Actives (1)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Désactivées (2)' })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getMyAdsCount')).toHaveLength(2);
  });

  it('deletes the selected ads with a reason', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const deletable = [
      listAd({ listId: 3, title: 'Peugeot 208', status: 'deactivated', deletableInDays: 0 }),
      listAd({ listId: 6, title: 'Fiat Uno', status: 'deactivated', deletableInDays: 0 }),
    ];
    mockFetch().mockImplementation(
      myAds(
        {
          getMyAds: () => ({ ads: deletable, count: { total: 2 } }),
          bulkDeleteAds: ({ variables }) => (variables.adIds as string[]).map((adId) => ({ adId, status: 'deleted', error: null })),
        },
        calls,
      ),
    );
    renderApp('/account/v2/my-ads?status=DEACTIVATED');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner « Fiat Uno »' }));
    const bulk = screen.getByRole('group', { name: '1 annonce sélectionnée' });
    expect(within(bulk).queryByRole('button', { name: 'Désactiver la sélection' })).not.toBeInTheDocument();
    fireEvent.click(within(bulk).getByRole('button', { name: 'Supprimer la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer 1 annonce' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Fiat Uno');
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Raison' }), { target: { value: 'sold_on_souk' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('1 annonce traitée')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'bulkDeleteAds')?.variables).toEqual({ adIds: [deletable[1]?.adId], reason: 'sold_on_souk' });
    expect(calls.some((c) => c.operationName === 'bulkDeactivateAds' || c.operationName === 'deleteAd')).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « Fiat Uno »' })).not.toBeChecked();
  });

  it('sends an appeal, says so and closes the modal', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds({ appealAd: () => ({ ...REFUSED[0], status: 'pending_review' }) }, calls),
    );
    renderApp('/account/v2/my-ads?status=REFUSED');
    fireEvent.click(await screen.findByRole('button', { name: 'Faire un recours' }));
    const dialog = screen.getByRole('dialog', { name: 'Faire un recours' });
    expect(dialog).toHaveTextContent('Motif du refus : Photos non conformes');
    fireEvent.change(within(dialog).getByLabelText('Votre message au modérateur'), { target: { value: 'Photos changées' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le recours' }));
    expect(await screen.findByText('Recours envoyé, votre annonce retourne en modération')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'appealAd')?.variables).toEqual({ adId: REFUSED[0]?.adId, message: 'Photos changées' });
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

describe('ad operation links', () => {
  it('asks to confirm a deactivation asked for by a link, on the ad\'s tab, then deactivates', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      myAds(
        {
          getMyAd: () => ACTIVE[1],
          deactivateAd: () => ({ adId: 'x', listId: 2, status: 'deactivated', outcome: 'DEACTIVATED', messageKey: '', message: '' }),
        },
        calls,
      ),
    );
    const { search } = renderApp(`/account/ad-operations?action=deactivate&adId=${ACTIVE[1]?.adId ?? ''}`);
    const dialog = await screen.findByRole('dialog', { name: "Désactiver l'annonce ?" });
    expect(dialog).toHaveTextContent('« Renault Clio » ne sera plus visible.');
    await waitFor(() => { expect(search()).toBe('?status=ACTIVE&page=1'); });
    expect(calls.some((c) => c.operationName === 'deactivateAd')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Annonce désactivée')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'deactivateAd')?.variables).toEqual({ adId: ACTIVE[1]?.adId });
  });

  it('asks to confirm an activation, and cancelling does nothing', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(myAds({ getMyAd: () => DEACTIVATED[0] }, calls));
    const { search } = renderApp(`/ar/account/ad-operations?action=activate&adId=${DEACTIVATED[0]?.adId ?? ''}`);
    const dialog = await screen.findByRole('dialog', { name: 'تفعيل الإعلان؟' });
    await waitFor(() => { expect(search()).toBe('?status=DEACTIVATED&page=1'); });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'activateAd')).toBe(false);
  });

  it("opens 'deletion refused' for a deletion link on an ad not deletable yet", async () => {
    signIn();
    mockFetch().mockImplementation(myAds({ getMyAd: () => DEACTIVATED[0] }));
    renderApp(`/account/ad-operations?action=delete&adId=${DEACTIVATED[0]?.adId ?? ''}`);
    expect(await screen.findByRole('dialog', { name: 'Suppression refusée' })).toHaveTextContent('dans 5 jours');
  });

  it('opens the delete confirmation for a deletable ad', async () => {
    signIn();
    mockFetch().mockImplementation(myAds({ getMyAd: () => REFUSED[0] }));
    const { search } = renderApp(`/account/ad-operations?action=delete&adId=${REFUSED[0]?.adId ?? ''}`);
    expect(await screen.findByRole('dialog', { name: "Supprimer l'annonce ?" })).toHaveTextContent('« Villa »');
    await waitFor(() => { expect(search()).toBe('?status=REFUSED&page=1'); });
  });

  it('says when the ad cannot take the operation, or cannot be read', async () => {
    signIn();
    mockFetch().mockImplementation(myAds({ getMyAd: () => ACTIVE[0] }));
    const { unmount } = renderApp(`/account/ad-operations?action=activate&adId=${ACTIVE[0]?.adId ?? ''}`);
    expect(await screen.findByText("Cette opération n'est pas possible pour cette annonce dans son état actuel.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    mockFetch().mockImplementation(myAds({ getMyAd: () => graphqlError('AD_NOT_FOUND', 'x.adNotFound', 'Annonce introuvable') }));
    const second = renderApp('/account/ad-operations?action=delete&adId=nope');
    expect(await screen.findByText('Annonce introuvable')).toBeInTheDocument();
    await waitFor(() => { expect(second.search()).toBe(''); });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the bulk modal of a bulk link for the page's ads", async () => {
    signIn();
    mockFetch().mockImplementation(myAds());
    const { search } = renderApp('/account/bulk?action=deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver 2 annonces' });
    expect(within(dialog).getByRole('combobox', { name: 'Raison' })).toHaveValue('');
    await waitFor(() => { expect(search()).toBe('?status=ACTIVE&page=1'); });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « Dacia Logan »' })).not.toBeChecked();
  });

  it('selects only the ads a bulk link names', async () => {
    signIn();
    mockFetch().mockImplementation(myAds());
    renderApp(`/account/bulk?action=deactivate&adIds=${ACTIVE[1]?.adId ?? ''}`);
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver 1 annonce' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Renault Clio');
  });
});

describe('favorites', () => {
  it('shows a loader while the saved ads load, in French and Arabic', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMySavedAds: () => pending() }));
    const { unmount } = renderApp('/account/v2/my-favorites');
    expect(await screen.findByRole('status', { name: 'Chargement de vos favoris…' })).toBeInTheDocument();
    unmount();
    renderApp('/ar/account/v2/my-favorites?status=ads&page=1');
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل المفضلة…' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'الإعلانات المحفوظة' })).not.toBeInTheDocument();
  });

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

  it.each([
    ['fr', "L'annonce n'a pas pu être retirée des favoris. Veuillez réessayer plus tard", 'Retirer « Appartement Maarif » des favoris'],
    ['ar', 'تعذرت إزالة الإعلان من المفضلة. يرجى المحاولة لاحقًا', 'إزالة «Appartement Maarif» من المفضلة'],
  ])('keeps the ad and says so (%s) when the server fails to unsave it', async (language, message, remove) => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          getMySavedAds: () => ({ ads: [{ listId: 7, title: 'Appartement Maarif', image: null, price: null }], count: 1 }),
          unsaveAd: () => graphqlError('INTERNAL_ERROR', 'unsaveAd.error.internalError', 'server wording'),
        },
        calls,
      ),
    );
    renderApp(`/${language}/account/v2/my-favorites`);
    fireEvent.click(await screen.findByRole('button', { name: remove }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appartement Maarif' })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getMySavedAds')).toHaveLength(1);
  });

  it.each([
    ['fr', "Cette annonce n'existe pas ou n'est plus disponible", 'Retirer « Appartement Maarif » des favoris'],
    ['ar', 'هذا الإعلان غير موجود أو لم يعد متاحًا', 'إزالة «Appartement Maarif» من المفضلة'],
  ])('says an ad it cannot find (%s) and keeps the list as it was', async (language, message, remove) => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          getMySavedAds: () => ({ ads: [{ listId: 7, title: 'Appartement Maarif', image: null, price: null }], count: 1 }),
          unsaveAd: () => graphqlError('AD_NOT_FOUND', 'unsaveAd.error.adNotFound', 'server wording'),
        },
        calls,
      ),
    );
    renderApp(`/${language}/account/v2/my-favorites`);
    fireEvent.click(await screen.findByRole('button', { name: remove }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appartement Maarif' })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getMySavedAds')).toHaveLength(1);
  });

  it.each([
    ['fr', 'Votre session a expiré. Veuillez vous reconnecter', 'Retirer « Appartement Maarif » des favoris', 'Connexion', 'Numéro de téléphone', 'Mot de passe', 'Se connecter', "Vous n'avez sauvegardé aucune annonce."],
    ['ar', 'انتهت صلاحية جلستك. يرجى تسجيل الدخول من جديد', 'إزالة «Appartement Maarif» من المفضلة', 'تسجيل الدخول', 'رقم الهاتف', 'كلمة المرور', 'تسجيل الدخول', 'لم تحفظ أي إعلان بعد.'],
  ])('says the session expired (%s), leads to sign-in and then removes the ad', async (language, message, remove, signInTitle, phone, password, submit, empty) => {
    signIn();
    const fresh = tokenPair({ accountId: 43 });
    let saved = [{ listId: 7, title: 'Appartement Maarif', image: null, price: null }];
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          loginByIdentifier: () => fresh,
          getMySavedAds: () => ({ ads: saved, count: saved.length }),
          unsaveAd: ({ headers }) => {
            if (headers.get('Authorization') !== `Bearer ${fresh.accessToken}`) {
              return graphqlError('SESSION_EXPIRED', 'unsaveAd.error.sessionExpired', 'server wording');
            }
            saved = [];
            return { code: 204 };
          },
        },
        calls,
      ),
    );
    const { pathname, search } = renderApp(`/${language}/account/v2/my-favorites`);
    fireEvent.click(await screen.findByRole('button', { name: remove }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // No session left to renew: the account page sends to the sign-in page, which is the wall
    // (no dialog on top of it) and keeps the removal for after the sign-in.
    await screen.findByRole('heading', { level: 1, name: signInTitle });
    expect(pathname()).toBe(`/${language}/account/signin`);
    expect(search()).toBe(`?next=${encodeURIComponent(`/${language}/account/v2/my-favorites`)}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'unsaveAd')).toHaveLength(1);

    const main = screen.getByRole('main');
    fireEvent.change(within(main).getByLabelText(phone), { target: { value: '0612345678' } });
    fireEvent.change(within(main).getByLabelText(password), { target: { value: 'souk-demo-2026' } });
    fireEvent.click(within(main).getByRole('button', { name: submit }));
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(pathname()).toBe(`/${language}/account/v2/my-favorites`);
    expect(calls.filter((c) => c.operationName === 'unsaveAd')).toHaveLength(2);
  });

  it('does not take an answer other than 204 for a removal', async () => {
    signIn();
    mockFetch().mockImplementation(
      gateway({
        getMySavedAds: () => ({ ads: [{ listId: 7, title: 'Appartement Maarif', image: null, price: null }], count: 1 }),
        unsaveAd: () => ({ code: 200 }),
      }),
    );
    renderApp('/account/v2/my-favorites');
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer « Appartement Maarif » des favoris' }));
    expect(await screen.findByText("L'annonce n'a pas pu être retirée des favoris. Veuillez réessayer plus tard")).toBeInTheDocument();
    expect(screen.queryByText('Annonce retirée des favoris')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appartement Maarif' })).toBeInTheDocument();
  });
});
