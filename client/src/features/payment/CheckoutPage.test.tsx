// The insertion-fee checkout and its result pages: visitors sent to sign in, the loader, the
// error with a retry, the order summary and the method choice (the card not available), the
// payment code with its countdown and instructions, the way to success once the agency's
// payment is confirmed, a refused order on the failure page (retry with the same method or
// another one), an ad with nothing to pay, an expired code renewed — in French and Arabic.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdInsertionFee, PaymentOrder } from '../../api/payments';
import { accessTokenFor, gateway, graphqlError, internalErrorResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { providerPage } from './providerPage';

const AD_ID = '0193a8f0-0000-7000-8000-000010000585';

/** Left-to-right text isolated inside a sentence (lib/bidi.ts), as the page writes amounts and codes. */
function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

function amount(centimes: number) {
  const whole = Math.floor(centimes / 100);
  const cents = centimes % 100;
  return { centimes, withCurrency: cents === 0 ? `${whole} DH` : `${whole},${String(cents).padStart(2, '0')} DH` };
}

function fee(overrides: Partial<AdInsertionFee> = {}): AdInsertionFee {
  return {
    adId: AD_ID,
    listId: 10000585,
    title: 'Caftan marocain brodé',
    status: 'pending_payment',
    due: true,
    fee: amount(1000),
    methods: [
      { method: 'fatourati', available: true, offline: true, extraFee: amount(250), total: amount(1250) },
      { method: 'cashPlus', available: true, offline: true, extraFee: amount(250), total: amount(1250) },
      { method: 'tasshilat', available: true, offline: true, extraFee: amount(250), total: amount(1250) },
      { method: 'cc', available: false, offline: false, extraFee: amount(0), total: amount(1000) },
    ],
    openOrder: null,
    ...overrides,
  };
}

function order(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  const created = Date.now();
  return {
    id: '0193b000-0000-7000-8000-000000000001',
    code: '0123456789',
    method: 'cashPlus',
    status: 'pending',
    fee: amount(1000),
    extraFee: amount(250),
    total: amount(1250),
    adId: AD_ID,
    listId: 10000585,
    adTitle: 'Caftan marocain brodé',
    createdAt: new Date(created).toISOString(),
    expiresAt: new Date(created + 48 * 3600 * 1000).toISOString(),
    paidAt: null,
    ...overrides,
  };
}

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

describe('checkout', () => {
  it('sends visitors to sign in, and back here afterwards', async () => {
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => fee() }));
    const { pathname, search } = renderApp(`/checkout?ad=${AD_ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(pathname()).toBe('/fr/account/signin');
    expect(new URLSearchParams(search()).get('next')).toBe(`/checkout?ad=${AD_ID}`);
  });

  it('shows a loader, then the error with a retry', async () => {
    signIn();
    mockFetch().mockImplementation(pending);
    const { unmount } = renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByRole('status', { name: 'Chargement de la commande…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => (failures-- > 0 ? internalErrorResponse() : fee()) }));
    renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Récapitulatif de la commande' })).toBeInTheDocument();
  });

  it('sums up the order, offers the agencies (not the card) and shows the code with its countdown', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => fee(), orderAdPayment: () => order() }, calls));
    renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: "Paiement des frais d'insertion" })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Récapitulatif de la commande' });
    const row = (term: string) => within(summary).getByText(term).nextSibling;
    expect(row('Annonce')).toHaveTextContent('Caftan marocain brodé');
    expect(row("Frais d'insertion")).toHaveTextContent('10 DH');
    expect(row('Total à payer')).toHaveTextContent('10 DH');
    const steps = screen.getByRole('list', { name: 'Étapes du paiement' });
    expect(within(steps).getByText('Récapitulatif')).toHaveAttribute('aria-current', 'step');

    const card = screen.getByRole('radio', { name: /Carte bancaire/ });
    expect(card).toBeDisabled();
    expect(card.closest('label')).toHaveTextContent('Pas encore disponible');
    const submit = screen.getByRole('button', { name: 'Obtenir mon code de paiement' });
    expect(submit).toBeDisabled();
    const cashPlus = screen.getByRole('radio', { name: /Cash Plus/ });
    expect(cashPlus.closest('label')).toHaveTextContent(`En agence, avec un code : ${ltr('2,50 DH')} de frais de transaction, ${ltr('12,50 DH')} au total`);
    fireEvent.click(cashPlus);
    expect(row('Frais de transaction')).toHaveTextContent('2,50 DH');
    expect(row('Total à payer')).toHaveTextContent('12,50 DH');
    expect(within(steps).getByText('Moyen de paiement')).toHaveAttribute('aria-current', 'step');
    fireEvent.click(submit);

    expect(await screen.findByLabelText('Code de paiement')).toHaveTextContent('012 345 6789');
    expect(calls.find((c) => c.operationName === 'orderAdPayment')?.variables).toEqual({ adId: AD_ID, method: 'cashPlus' });
    expect(within(steps).getByText('Paiement')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('timer')).toHaveTextContent(/^Expire dans 4[78] h \d+ min \d+ s$/);
    const code = screen.getByRole('region', { name: 'Votre code de paiement' });
    expect(code).toHaveTextContent('Rendez-vous dans une agence Cash Plus.');
    expect(code).toHaveTextContent(`Donnez le code ${ltr('012 345 6789')} et payez ${ltr('12,50 DH')} en espèces.`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, with the agencies named in Arabic', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => fee(), orderAdPayment: () => order({ method: 'tasshilat' }) }));
    renderApp(`/ar/checkout?ad=${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'أداء رسوم الإدراج' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByRole('radio', { name: /بطاقة بنكية/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /تسهيلات/ }));
    fireEvent.click(screen.getByRole('button', { name: 'الحصول على رمز الأداء' }));
    expect(await screen.findByLabelText('رمز الأداء')).toHaveTextContent('012 345 6789');
    expect(screen.getByRole('timer')).toHaveTextContent(/^ينتهي خلال 4[78] س/);
    const code = screen.getByRole('region', { name: 'رمز الأداء الخاص بك' });
    expect(code).toHaveTextContent('توجّه إلى إحدى وكالات تسهيلات.');
    // The code and the amount are isolated, so that "12,50 DH" does not turn into "DH 12,50".
    expect(code).toHaveTextContent(`قدّم الرمز ${ltr('012 345 6789')} وأدِّ ${ltr('12,50 DH')} نقدًا.`);
  });

  it('shows the open code at once and goes to the success page when the payment is confirmed', async () => {
    signIn();
    let paid = false;
    mockFetch().mockImplementation(
      gateway({
        getMyAdInsertionFee: () => (paid ? fee({ status: 'active', due: false, openOrder: null }) : fee({ openOrder: order() })),
      }),
    );
    const { pathname } = renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByLabelText('Code de paiement')).toHaveTextContent('012 345 6789');
    expect(screen.queryByRole('button', { name: 'Obtenir mon code de paiement' })).not.toBeInTheDocument();

    paid = true;
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier le paiement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/payment/success');
    expect(await screen.findByText("Merci : votre paiement a bien été reçu et l'annonce « Caftan marocain brodé » est publiée.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Voir l'annonce" })).toHaveAttribute('href', '/fr/vi/10000585.htm');
    expect(screen.getByRole('link', { name: 'Mes annonces actives' })).toHaveAttribute('href', '/fr/account/v2/my-ads?status=ACTIVE&page=1');
  });

  it('sends a refused order to the failure page, which retries with the same method or another', async () => {
    signIn();
    mockFetch().mockImplementation(
      gateway({
        getMyAdInsertionFee: () => fee(),
        orderAdPayment: () => graphqlError('UNKNOWN_PAYMENT_METHOD', 'payment.error.unknownPaymentMethod', "Ce moyen de paiement n'est pas disponible"),
      }),
    );
    const { pathname, search } = renderApp(`/fr/checkout?ad=${AD_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: /Fatourati/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Obtenir mon code de paiement' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Le paiement n'a pas abouti" })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/payment/failure');
    expect(Object.fromEntries(new URLSearchParams(search()))).toEqual({ ad: AD_ID, reason: 'UNKNOWN_PAYMENT_METHOD', method: 'fatourati' });
    expect(screen.getByRole('alert')).toHaveTextContent("Ce moyen de paiement n'est pas disponible");
    expect(screen.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', `/fr/checkout?ad=${AD_ID}&method=fatourati`);
    expect(screen.getByRole('link', { name: 'Choisir un autre moyen de paiement' })).toHaveAttribute('href', `/fr/checkout?ad=${AD_ID}`);

    // Retrying comes back with the method chosen.
    fireEvent.click(screen.getByRole('link', { name: 'Réessayer' }));
    expect(await screen.findByRole('radio', { name: /Fatourati/ })).toBeChecked();
  });

  it('words the failure page in Arabic', async () => {
    signIn();
    mockFetch().mockImplementation(gateway());
    renderApp(`/ar/payment/failure?ad=${AD_ID}&reason=AD_OPERATION_NOT_ALLOWED&method=cashPlus`);
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يكتمل الأداء' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('هذا الإعلان لم يعد ينتظر الأداء.');
    expect(screen.getByRole('link', { name: 'إعادة المحاولة' })).toHaveAttribute('href', `/ar/checkout?ad=${AD_ID}&method=cashPlus`);
    expect(screen.getByRole('link', { name: 'اختيار وسيلة أداء أخرى' })).toBeInTheDocument();
  });

  it('words the success page in Arabic', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => fee({ status: 'active', due: false }) }));
    renderApp(`/ar/payment/success?ad=${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'تم استلام الأداء' })).toBeInTheDocument();
    expect(await screen.findByText('شكرًا: تم استلام أدائك ونُشر الإعلان «Caftan marocain brodé».')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عرض الإعلان' })).toHaveAttribute('href', '/ar/vi/10000585.htm');
  });

  it('says when an ad has nothing to pay, or when no ad is named', async () => {
    signIn();
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => fee({ status: 'active', due: false }) }));
    const { unmount } = renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByText("L'annonce « Caftan marocain brodé » n'attend aucun paiement.")).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    unmount();

    renderApp('/fr/checkout');
    expect(await screen.findByText("Aucune annonce à payer n'est indiquée.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à mes annonces' })).toHaveAttribute('href', '/fr/account/v2/my-ads?status=PENDING_PAYMENT');
  });

  it('offers a new code once the shown one has expired', async () => {
    signIn();
    let expired = false;
    const soon = order({ expiresAt: new Date(Date.now() + 1200).toISOString() });
    mockFetch().mockImplementation(
      gateway({
        getMyAdInsertionFee: () => fee({ openOrder: expired ? null : soon }),
        orderAdPayment: () => order({ code: '9876543210' }),
      }),
    );
    renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByLabelText('Code de paiement')).toHaveTextContent('012 345 6789');
    expired = true;
    expect(await screen.findByRole('heading', { level: 2, name: 'Code expiré' }, { timeout: 4000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Obtenir un nouveau code' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Cash Plus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Obtenir mon code de paiement' }));
    await waitFor(() => { expect(screen.getByLabelText('Code de paiement')).toHaveTextContent('987 654 3210'); });
  });

  it("pays by card on the provider's page when the server offers the card, and offers it again for an unfinished card payment", async () => {
    signIn();
    const open = jest.spyOn(providerPage, 'open').mockImplementation(() => undefined);
    const calls: GatewayCall[] = [];
    const withCard = fee({ methods: fee().methods.map((m) => (m.method === 'cc' ? { ...m, available: true } : m)) });
    const cardOrder = order({ method: 'cc', extraFee: amount(0), total: amount(1000), redirectUrl: '/sandbox/card/o-1?lang=fr&sig=s' });
    let answer = withCard;
    mockFetch().mockImplementation(gateway({ getMyAdInsertionFee: () => answer, orderAdPayment: () => cardOrder }, calls));
    const { unmount } = renderApp(`/fr/checkout?ad=${AD_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: /Carte bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: `Payer ${ltr('10 DH')} par carte` }));
    await waitFor(() => { expect(open).toHaveBeenCalledWith('/sandbox/card/o-1?lang=fr&sig=s'); });
    expect(calls.find((c) => c.operationName === 'orderAdPayment')?.variables).toEqual({ adId: AD_ID, method: 'cc' });
    expect(screen.queryByLabelText('Code de paiement')).not.toBeInTheDocument();
    unmount();

    answer = { ...withCard, openOrder: cardOrder };
    renderApp(`/fr/checkout?ad=${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: "Votre paiement par carte n'est pas terminé" })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code de paiement')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers la page de paiement' }));
    expect(open).toHaveBeenLastCalledWith('/sandbox/card/o-1?lang=fr&sig=s');
    fireEvent.click(screen.getByRole('button', { name: 'Choisir un autre moyen de paiement' }));
    expect(await screen.findByRole('radio', { name: /Cash Plus/ })).toBeInTheDocument();
  });
});
