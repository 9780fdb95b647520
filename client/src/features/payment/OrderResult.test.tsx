// The result pages of an order (/payment/success?order=, /payment/failure?order=): what the
// order really is, whatever the address says — paid (the pack's period, the invoice), being
// confirmed (never "payment received" while it is pending; asked again until it is paid), refused
// or expired (the reason, a retry that orders the same pack, slot and method again, another
// method at the boost's method step) — in French and Arabic.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AD_ID, ORDER_ID, paidOrder, paymentOrder } from '../../../test/boostFixtures';
import { accessTokenFor, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { providerPage } from './providerPage';

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

describe('order result', () => {
  it("shows a paid pack's period and its invoice, with the way back", async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPaymentOrder: () => paidOrder() }, calls));
    renderApp(`/fr/payment/success?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getMyPaymentOrder')?.variables).toEqual({ id: ORDER_ID });
    expect(screen.getByRole('status')).toHaveTextContent(
      "Merci : votre paiement de \u2066242,10 DH\u2069 est reçu. Le pack Galerie · 15 jours de l'annonce « Dacia Logan 2019 diesel » est programmé.",
    );
    expect(screen.getByText('Période du pack').nextElementSibling).toHaveTextContent(/^Du 3 déc\. 2026, \d\d:42 au 18 déc\. 2026, \d\d:42$/);
    const invoice = screen.getByRole('link', { name: 'Télécharger la facture \u2066F-2026-000042\u2069 (PDF)' });
    expect(invoice).toHaveAttribute('href', `/account/invoices/${ORDER_ID}.pdf`);
    expect(invoice).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: "Voir l'annonce" })).toHaveAttribute('href', '/fr/vi/10000777.htm');
    expect(screen.getByRole('link', { name: 'Mes annonces' })).toHaveAttribute('href', '/fr/account/v2/my-ads?status=ACTIVE&page=1');
    expect(screen.getByRole('link', { name: 'Mes paiements' })).toHaveAttribute('href', '/fr/account/v2/my-payments');
  });

  it('never says the payment is received while the order is pending, and turns to success once it is paid', async () => {
    signIn();
    let order = paymentOrder({ method: 'cc', code: '', status: 'ongoing', redirectUrl: '/sandbox/card/o?sig=s', extraFee: { centimes: 0, withCurrency: '0 DH' }, total: { centimes: 23_960, withCurrency: '239,60 DH' } });
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPaymentOrder: () => order }));
    renderApp(`/fr/payment/success?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Nous attendons la confirmation de votre paiement de \u2066239,60 DH\u2069. Cette page se met à jour toute seule.')).toBeInTheDocument();
    expect(screen.queryByText(/Paiement reçu|paiement .* est reçu/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /facture/ })).not.toBeInTheDocument();
    // The card payment is not finished: its page again.
    expect(screen.getByRole('button', { name: 'Continuer vers la page de paiement' })).toBeInTheDocument();

    order = paidOrder({ method: 'cc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' }, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);

  it('shows the code of a pending agency payment under "being confirmed"', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPaymentOrder: () => paymentOrder() }));
    renderApp(`/fr/payment/success?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code de paiement')).toHaveTextContent('012 345 6789');
    expect(screen.queryByRole('heading', { name: 'Paiement reçu' })).not.toBeInTheDocument();
  });

  it('shows a declined card on the success address as the failure it is, and retries the same pack, slot and method', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const open = jest.spyOn(providerPage, 'open').mockImplementation(() => undefined);
    const declined = paymentOrder({ method: 'cc', code: '', failure: 'INVALID_OPERATION' });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMyPaymentOrder: () => declined,
          orderVasPack: () => paymentOrder({ id: 'again', method: 'cc', code: '', redirectUrl: '/payment/card/again' }),
        },
        calls,
      ),
    );
    renderApp(`/fr/payment/success?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: "Le paiement n'a pas abouti" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Le paiement a échoué. Réessayez ou choisissez un autre moyen de paiement');
    expect(screen.queryByText('Paiement reçu')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir un autre moyen de paiement' })).toHaveAttribute(
      'href',
      `/fr/checkout/boost?ad=${AD_ID}&pack=gallery-15&date=2026-12-03&part=evening&step=method`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => { expect(open).toHaveBeenCalledWith('/payment/card/again'); });
    expect(calls.find((c) => c.operationName === 'orderVasPack')?.variables).toEqual({ adId: AD_ID, packId: 'gallery-15', slotDate: '2026-12-03', slotPart: 'evening', method: 'cc' });
  });

  it('shows a paid order on the failure address as paid, and an expired code as expired, in Arabic', async () => {
    signIn();
    let order = paidOrder();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPaymentOrder: () => order }));
    const { unmount } = renderApp(`/ar/payment/failure?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'تم استلام الأداء' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تحميل الفاتورة \u2066F-2026-000042\u2069 (PDF)' })).toBeInTheDocument();
    unmount();

    order = paymentOrder({ status: 'expired' });
    renderApp(`/ar/payment/failure?order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يكتمل الأداء' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('انتهت صلاحية رمز الأداء قبل أدائه.');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it("retries a refused insertion fee at its checkout with the same method", async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getMyPaymentOrder: () => paymentOrder({ purpose: 'insertion', packId: null, packKind: null, durationDays: null, slotDate: null, slotPart: null, status: 'expired' }) }),
    );
    renderApp(`/fr/payment/failure?order=${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', `/fr/checkout?ad=${AD_ID}&method=cashPlus`);
    expect(screen.getByRole('link', { name: 'Choisir un autre moyen de paiement' })).toHaveAttribute('href', `/fr/checkout?ad=${AD_ID}`);
  });
});
