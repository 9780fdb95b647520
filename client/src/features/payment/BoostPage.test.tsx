// The boost of an ad (/checkout/boost?ad=): the packs as the server prices them (kinds, durations,
// price per day, reach, the recommended one; a shop's struck-through list prices), the start
// (the slots' days, a part of the day, the random start sentence), the methods (the balances
// disabled with their reason, the offline fee), the summary, and what is posted — exactly what
// was chosen; then the code until it is paid, the card's provider page, the balances' paid order;
// the errors of the contract in the toast; an ad without a photo — in French and Arabic.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AD_ID, ORDER_ID, offer, paidOrder, paymentOrder, shopOffer } from '../../../test/boostFixtures';
import { accessTokenFor, gateway, graphqlError, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { providerPage } from './providerPage';

/** Left-to-right text isolated inside a sentence (lib/bidi.ts). */
function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

function signIn(shop = false) {
  document.cookie = `souk_token=${accessTokenFor(shop ? { roles: ['ROLE_STORE_OWNER'], storeId: 1 } : {})}; Path=/`;
}

function row(summary: HTMLElement, term: string) {
  return within(summary).getByText(term).nextElementSibling;
}

describe('boost', () => {
  it('walks through pack, start, method and summary with the server prices, and posts exactly what was chosen', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    let paid = false;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getVasPacks: () => offer(), orderVasPack: () => paymentOrder(), getMyPaymentOrder: () => (paid ? paidOrder() : paymentOrder()) }, calls),
    );
    const { pathname, search } = renderApp(`/fr/checkout/boost?ad=${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booster mon annonce' })).toBeInTheDocument();
    // The packs by kind, in the server's order, each with its durations and the server's prices.
    const gallery = await screen.findByRole('article', { name: 'Galerie' });
    const steps = screen.getByRole('list', { name: 'Étapes du boost' });
    expect(within(steps).getByText('Pack').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'pack-bump',
      'pack-gallery',
      'pack-special',
      'pack-highlight',
      'pack-renewal',
    ]);
    expect(within(gallery).getByText('×15 vues')).toBeInTheDocument();
    // The pack with the most views is put forward, with the listing's premium mark.
    expect(within(gallery).getByText('Le plus de vues')).toBeInTheDocument();
    expect(within(gallery).getByText('Premium')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Remontée quotidienne' })).queryByText('Le plus de vues')).not.toBeInTheDocument();
    const bump7 = screen.getByRole('radio', { name: /Remontée quotidienne · 7 jours/ });
    expect(bump7.closest('label')).toHaveTextContent(`73,40 DH${ltr('10,49 DH')} / jour`);
    // A private seller pays the list price: nothing is struck through.
    expect(document.querySelector('s')).toBeNull();
    const next = screen.getByRole('button', { name: 'Continuer' });
    expect(next).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /Galerie · 15 jours/ }));
    expect(screen.getByRole('radio', { name: /Galerie · 15 jours/ }).closest('label')).toHaveTextContent('239,60 DH');
    fireEvent.click(next);

    // The start: the slots' days, a part of the day, the random start.
    expect(within(steps).getByText('Début').closest('li')).toHaveAttribute('aria-current', 'step');
    const day = screen.getByRole('combobox', { name: 'Date de début' });
    const options = within(day).getAllByRole('option');
    expect(options).toHaveLength(30);
    expect(options[0]).toHaveValue('2026-12-01');
    expect(options[0]).toHaveTextContent('mardi 1 décembre 2026');
    expect(options.at(-1)).toHaveValue('2026-12-30');
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    // On the first day the morning is less than a day away: it cannot be chosen, and says when it can.
    const morning = screen.getByRole('radio', { name: /Matin/ });
    expect(morning).toBeDisabled();
    expect(morning.closest('label')).toHaveTextContent('Disponible à partir du mercredi 2 décembre 2026');
    expect(screen.getByRole('radio', { name: /Après-midi/ })).toBeEnabled();
    fireEvent.change(day, { target: { value: '2026-12-02' } });
    expect(screen.getByRole('radio', { name: /Matin/ })).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: /Matin/ }));
    // Back to the first day, the morning chosen before is no longer chosen.
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    expect(screen.getByRole('radio', { name: /Matin/ })).not.toBeChecked();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    fireEvent.change(day, { target: { value: '2026-12-03' } });
    fireEvent.click(screen.getByRole('radio', { name: /Soir/ }));
    expect(screen.getByRole('note')).toHaveTextContent(
      `Votre pack démarrera le jeudi 3 décembre 2026 à une heure tirée au hasard entre ${ltr('18:00')} et ${ltr('23:00')}. Un pack s'applique environ 24 h après le paiement.`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    // The methods: the offline fee, the balances that cannot pay with their reason.
    const points = screen.getByRole('radio', { name: /Points boutique/ });
    expect(points).toBeDisabled();
    expect(points.closest('label')).toHaveTextContent('Réservé aux boutiques');
    const tokens = screen.getByRole('radio', { name: /Jetons/ });
    expect(tokens).toBeDisabled();
    expect(tokens.closest('label')).toHaveTextContent('Votre solde : 2 jetons · ce pack : 16 jetons');
    expect(tokens.closest('label')).toHaveTextContent('Solde insuffisant pour ce pack');
    const cashPlus = screen.getByRole('radio', { name: /Cash Plus/ });
    expect(cashPlus.closest('label')).toHaveTextContent(`En agence, avec un code valable 48 h · ${ltr('+2,50 DH')} de frais de transaction`);
    expect(screen.getByRole('radio', { name: /Carte bancaire/ }).closest('label')).toHaveTextContent('Sans frais');
    fireEvent.click(cashPlus);
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    // The summary.
    const summary = screen.getByRole('region', { name: 'Récapitulatif de la commande' });
    expect(row(summary, 'Annonce')).toHaveTextContent('Dacia Logan 2019 diesel');
    expect(row(summary, 'Pack')).toHaveTextContent('Galerie · 15 jours');
    expect(row(summary, 'Début')).toHaveTextContent(`Le jeudi 3 décembre 2026, soir (${ltr('18:00–23:00')})`);
    expect(row(summary, 'Moyen de paiement')).toHaveTextContent('Cash Plus');
    expect(row(summary, 'Prix du pack')).toHaveTextContent('239,60 DH');
    expect(row(summary, 'Frais de transaction')).toHaveTextContent('2,50 DH');
    expect(row(summary, 'Total à payer')).toHaveTextContent('242,10 DH');
    expect(Object.fromEntries(new URLSearchParams(search()))).toEqual({ ad: AD_ID, pack: 'gallery-15', date: '2026-12-03', part: 'evening', method: 'cashPlus', step: 'summary' });
    fireEvent.click(screen.getByRole('button', { name: 'Obtenir mon code de paiement' }));

    // The code, until it is paid.
    expect(await screen.findByLabelText('Code de paiement')).toHaveTextContent('012 345 6789');
    expect(calls.filter((c) => c.operationName === 'orderVasPack').map((c) => c.variables)).toEqual([
      { adId: AD_ID, packId: 'gallery-15', slotDate: '2026-12-03', slotPart: 'evening', method: 'cashPlus' },
    ]);
    expect(screen.getByRole('region', { name: 'Votre code de paiement' })).toHaveTextContent('Votre pack est programmé dès que le paiement est confirmé.');
    const check = screen.getByRole('button', { name: 'Vérifier le paiement' });
    await waitFor(() => { expect(check).toBeEnabled(); });
    paid = true;
    fireEvent.click(check);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/payment/success');
    expect(search()).toBe(`?order=${ORDER_ID}`);
  }, 15_000);

  it("shows a shop's discount, reach and points, and pays with points straight to the success page, in Arabic", async () => {
    signIn(true);
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getVasPacks: () => shopOffer(),
          orderVasPack: () => paidOrder({ method: 'points', packId: 'special-7', packKind: 'special', durationDays: 7, code: '', extraFee: { centimes: 0, withCurrency: '0 DH' }, total: { centimes: 0, withCurrency: '0 DH' } }),
          getMyPaymentOrder: () => paidOrder({ method: 'points', packId: 'special-7', packKind: 'special', durationDays: 7 }),
        },
        calls,
      ),
    );
    const { pathname } = renderApp(`/ar/checkout/boost?ad=${AD_ID}&pack=special-7&date=2026-12-02&part=morning&step=method`);
    expect(await screen.findByRole('heading', { level: 1, name: 'عزّز إعلاني' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    const points = await screen.findByRole('radio', { name: /نقاط المتجر/ });
    expect(points).toBeEnabled();
    expect(points.closest('label')).toHaveTextContent('رصيدك: 400 نقطة · هذه الباقة: 62 نقطة');
    fireEvent.click(points);
    fireEvent.click(screen.getByRole('button', { name: 'متابعة' }));
    const summary = screen.getByRole('region', { name: 'ملخص الطلب' });
    // The shop price, and the list price struck through.
    expect(row(summary, 'ثمن الباقة')).toHaveTextContent('154,70 DH 193,38 DH');
    expect(row(summary, 'ثمن الباقة')?.querySelector('s')).toHaveTextContent('193,38 DH');
    expect(row(summary, 'المبلغ الإجمالي')).toHaveTextContent('62 نقطة');
    fireEvent.click(screen.getByRole('button', { name: 'الأداء من رصيدي' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'تم استلام الأداء' })).toBeInTheDocument();
    expect(pathname()).toBe('/ar/payment/success');
    expect(calls.find((c) => c.operationName === 'orderVasPack')?.variables).toEqual({ adId: AD_ID, packId: 'special-7', slotDate: '2026-12-02', slotPart: 'morning', method: 'points' });
  });

  it("shows the shop's reach with its multiplier and the struck list price on the pack cards", async () => {
    signIn(true);
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => shopOffer() }));
    renderApp(`/fr/checkout/boost?ad=${AD_ID}`);
    const bump = await screen.findByRole('article', { name: 'Remontée quotidienne' });
    expect(within(bump).getByText('×22,5 vues')).toBeInTheDocument();
    expect(screen.getByText('Tarif boutique : −20 % sur tous les packs')).toBeInTheDocument();
    const bump7 = screen.getByRole('radio', { name: /Remontée quotidienne · 7 jours/ }).closest('label');
    expect(bump7?.querySelector('s')).toHaveTextContent('91,75 DH');
    expect(bump7?.querySelector('s')).toHaveAccessibleName(`au lieu de ${ltr('91,75 DH')}`);
  });

  it('says why points cannot pay: expired, not enough, no equivalent', async () => {
    signIn(true);
    let answer = shopOffer({ balances: { points: { count: 400, expiryDate: '2026-10-31', expired: true }, tokens: { count: 0 } } });
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => answer }));
    const { unmount } = renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=bump-7&part=afternoon&step=method`);
    let points = await screen.findByRole('radio', { name: /Points boutique/ });
    expect(points).toBeDisabled();
    expect(points.closest('label')).toHaveTextContent('expirés depuis le 31 octobre 2026');
    expect(points.closest('label')).toHaveTextContent('Votre solde a expiré : contactez le service client');
    unmount();

    answer = shopOffer({ balances: { points: { count: 10, expiryDate: '2027-03-31', expired: false }, tokens: { count: 0 } } });
    const again = renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=bump-7&part=afternoon&step=method`);
    points = await screen.findByRole('radio', { name: /Points boutique/ });
    expect(points).toBeDisabled();
    expect(points.closest('label')).toHaveTextContent('Solde insuffisant pour ce pack');
    again.unmount();

    renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=renewal-1&part=afternoon&step=method`);
    const tokens = await screen.findByRole('radio', { name: /Jetons/ });
    expect(tokens).toBeDisabled();
    expect(tokens.closest('label')).toHaveTextContent('Ce pack ne se paie pas avec ce solde');
  });

  it("goes to the card provider's page with the order's redirect address", async () => {
    signIn();
    const open = jest.spyOn(providerPage, 'open').mockImplementation(() => undefined);
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getVasPacks: () => offer(), orderVasPack: () => paymentOrder({ method: 'cc', code: '', redirectUrl: '/payment/card/abc?sig=1' }) }),
    );
    renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=bump-7&date=2026-12-05&part=afternoon&method=cc&step=summary`);
    fireEvent.click(await screen.findByRole('button', { name: `Payer ${ltr('73,40 DH')} par carte` }));
    await waitFor(() => { expect(open).toHaveBeenCalledWith('/payment/card/abc?sig=1'); });
    expect(screen.getByRole('status', { name: 'Redirection vers la page de paiement sécurisée…' })).toBeInTheDocument();
  });

  it.each([
    ['ERROR_SOLDE_EXPIRED', 'payment.error.soldeExpired', 'Votre solde a expiré : il vous reste 0 crédit. Veuillez contacter le service client'],
    ['ERROR_SOLDE_NOT_ENOUGH', 'payment.error.soldeNotEnough', 'Votre solde est insuffisant pour ce pack'],
    ['ERROR_SOLDE_EQUIVALENT', 'payment.error.soldeEquivalent', 'Ce pack ne peut pas être payé avec ce solde'],
    ['ERROR_PACKAGE_NOT_FOUND', 'payment.error.packageNotFound', "Ce pack n'existe pas"],
    ['PERMISSION_DENIED', 'common.error.permissionDenied', "Vous n'avez pas accès à cette opération. Reconnectez-vous puis réessayez"],
    ['INVALID_OPERATION', 'payment.error.invalidOperation', 'Le paiement a échoué. Réessayez ou choisissez un autre moyen de paiement'],
    ['UNKNOWN_PAYMENT_METHOD', 'payment.error.unknownPaymentMethod', "Ce moyen de paiement n'est pas disponible"],
    ['PACK_REQUIRES_IMAGE', 'vas.error.imageRequired', 'Ajoutez au moins une photo pour choisir un pack'],
  ])('shows %s in the error toast, in the locale wording', async (code, messageKey, wording) => {
    signIn(true);
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getVasPacks: () => shopOffer(), orderVasPack: () => graphqlError(code, messageKey, 'server wording') }),
    );
    renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=bump-7&date=2026-12-05&part=afternoon&method=points&step=summary`);
    fireEvent.click(await screen.findByRole('button', { name: 'Payer avec mon solde' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wording);
    // Nothing was paid: the summary stays, to try again or go back.
    expect(screen.getByRole('region', { name: 'Récapitulatif de la commande' })).toBeInTheDocument();
  });

  it('words the Arabic error of an expired balance', async () => {
    signIn(true);
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getVasPacks: () => shopOffer(), orderVasPack: () => graphqlError('ERROR_SOLDE_EXPIRED', 'payment.error.soldeExpired', 'x') }),
    );
    renderApp(`/ar/checkout/boost?ad=${AD_ID}&pack=bump-7&date=2026-12-05&part=afternoon&method=points&step=summary`);
    fireEvent.click(await screen.findByRole('button', { name: 'الأداء من رصيدي' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('انتهت صلاحية رصيدك: لم يتبق لديك أي رصيد (0). يرجى الاتصال بخدمة الزبناء');
  });

  it('sends an ad without a photo to its photos, and says when an ad cannot be boosted', async () => {
    signIn();
    let answer = offer({ eligible: false, ineligibleReason: 'PACK_REQUIRES_IMAGE' });
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => answer }));
    const { unmount } = renderApp(`/fr/checkout/boost?ad=${AD_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ajoutez au moins une photo pour choisir un pack');
    expect(screen.getByRole('link', { name: 'Ajouter une photo' })).toHaveAttribute('href', `/fr/ad/edit/${AD_ID}/3`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    unmount();

    answer = offer({ eligible: false, ineligibleReason: 'AD_OPERATION_NOT_ALLOWED', status: 'deactivated' });
    renderApp(`/ar/checkout/boost?ad=${AD_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('لا يمكن تعزيز إلا إعلان منشور أو قيد المراجعة.');
    expect(screen.queryByRole('link', { name: 'أضف صورة' })).not.toBeInTheDocument();
  });

  it('comes back at the method step with the pack and slot kept (another method after a failure)', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => offer() }));
    renderApp(`/fr/checkout/boost?ad=${AD_ID}&pack=gallery-15&date=2026-12-03&part=evening&step=method`);
    expect(await screen.findByRole('radio', { name: /Cash Plus/ })).not.toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Étapes du boost' })).getByText('Moyen de paiement').closest('li')).toHaveAttribute('aria-current', 'step');
    // A step asked for without its choices opens the first one missing.
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('radio', { name: /Soir/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Date de début' })).toHaveValue('2026-12-03');
  });

  it('opens the first step whose choice is missing, and says when no ad is named', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => offer() }));
    const { unmount } = renderApp(`/fr/checkout/boost?ad=${AD_ID}&step=summary&method=cc`);
    expect(await screen.findByRole('article', { name: 'Galerie' })).toBeInTheDocument();
    unmount();
    renderApp('/fr/checkout/boost');
    expect(await screen.findByText("Aucune annonce à booster n'est indiquée.")).toBeInTheDocument();
  });

  it('says which pack runs already, and none once it has ended', async () => {
    signIn();
    let answer = offer({ lastAppliedVasPack: { name: 'Galerie', startDate: '2026-11-01T10:00:00Z', endDate: '2099-05-15T10:00:00Z' } });
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getVasPacks: () => answer }));
    const { unmount } = renderApp(`/fr/checkout/boost?ad=${AD_ID}`);
    expect(await screen.findByText(/^Pack en cours/)).toHaveTextContent('Pack en cours : Galerie, du 1 nov. 2026 au 15 mai 2099');
    unmount();

    answer = offer({ lastAppliedVasPack: { name: 'Galerie', startDate: '2020-11-01T10:00:00Z', endDate: '2020-11-15T10:00:00Z' } });
    renderApp(`/fr/checkout/boost?ad=${AD_ID}`);
    await screen.findByRole('article', { name: 'Galerie' });
    expect(screen.queryByText(/Pack en cours/)).not.toBeInTheDocument();
  });
});
