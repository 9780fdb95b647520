// My payments (/account/v2/my-payments) and the balances of the shop banner: the orders with
// their date, what, method, total, status and invoice (only a paid one's), the empty state and
// the pages; the points with their expiry (or since when they expired) and the tokens, from
// getMyBalances — in French and Arabic.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_ID, paidOrder, paymentOrder } from '../../../test/boostFixtures';
import { accessTokenFor, currentUser, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { TOUR_KEY_PREFIX } from '../account-area/OnboardingTour';

function signIn(shop = false) {
  document.cookie = `souk_token=${accessTokenFor(shop ? { roles: ['ROLE_STORE_OWNER'], storeId: 1 } : {})}; Path=/`;
  if (shop) window.localStorage.setItem(`${TOUR_KEY_PREFIX}42`, '1');
}

describe('my payments', () => {
  it('lists the orders with their status and the invoice of the paid ones, and pages', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMyPaymentOrders: () => ({
            orders: [
              paidOrder({ paidAt: '2026-11-30T10:00:00Z' }),
              paymentOrder({ id: 'o-2', method: 'cc', code: '', failure: 'INVALID_OPERATION', createdAt: '2026-11-29T10:00:00Z' }),
              paymentOrder({ id: 'o-3', purpose: 'insertion', packKind: null, durationDays: null, createdAt: '2026-11-28T10:00:00Z', total: { centimes: 1250, withCurrency: '12,50 DH' } }),
            ],
            count: 23,
          }),
        },
        calls,
      ),
    );
    const { search } = renderApp('/fr/account/v2/my-payments');
    const table = await screen.findByRole('table', { name: 'Historique de mes paiements' });
    const tabs = screen.getByRole('navigation', { name: 'Espace compte' });
    expect(within(tabs).getByRole('link', { name: 'Mes paiements' })).toHaveAttribute('aria-current', 'page');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '30 nov. 2026',
      'Galerie · 15 joursDacia Logan 2019 diesel',
      'Cash Plus',
      '242,10 DH',
      'Payé',
      'Facture \u2066F-2026-000042\u2069',
    ]);
    expect(within(first).getByRole('link', { name: 'Facture \u2066F-2026-000042\u2069' })).toHaveAttribute('href', `/account/invoices/${ORDER_ID}.pdf`);
    expect(within(first).getByRole('link', { name: 'Galerie · 15 jours' })).toHaveAttribute('href', `/fr/payment/success?order=${ORDER_ID}`);
    // A declined card is refused, without an invoice; its row opens its failure page.
    expect(within(second).getByText('Refusé')).toBeInTheDocument();
    expect(within(second).getByText('Pas de facture')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Galerie · 15 jours' })).toHaveAttribute('href', '/fr/payment/failure?order=o-2');
    expect(within(third).getByText("Frais d'insertion")).toBeInTheDocument();
    expect(within(third).getByText('En attente')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getMyPaymentOrders')?.variables).toEqual({ page: 1, size: 10 });

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(search()).toBe('?page=2');
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'getMyPaymentOrders').at(-1)?.variables).toEqual({ page: 2, size: 10 });
    });
  });

  it('says when there is no payment yet, in Arabic', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getMyPaymentOrders: () => ({ orders: [], count: 0 }) }));
    renderApp('/ar/account/v2/my-payments');
    expect(await screen.findByText('لا توجد مدفوعات بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عزّز إعلانًا' })).toHaveAttribute('href', '/ar/account/v2/my-ads?status=ACTIVE&page=1');
  });
});

describe('shop banner balances', () => {
  it('shows the points with their expiry and the tokens', async () => {
    signIn(true);
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getCurrentUser: () => currentUser('shop'),
        getMyBalances: () => ({ points: { count: 340, expiryDate: '2027-03-31', expired: false }, tokens: { count: 12 } }),
        getMyPaymentOrders: () => ({ orders: [], count: 0 }),
      }),
    );
    renderApp('/fr/account/v2/my-payments');
    const banner = await screen.findByRole('region', { name: 'Votre boutique' });
    await within(banner).findByText('Jetons');
    expect(within(banner).getByText('Solde de points').nextElementSibling).toHaveTextContent('340 points · expire le 31 mars 2027');
    expect(within(banner).getByText('Jetons').nextElementSibling).toHaveTextContent('12 jetons');
  });

  it('says since when the points have expired, in Arabic', async () => {
    signIn(true);
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getCurrentUser: () => currentUser('shop'),
        getMyBalances: () => ({ points: { count: 0, expiryDate: '2026-10-31', expired: true }, tokens: { count: 0 } }),
        getMyPaymentOrders: () => ({ orders: [], count: 0 }),
      }),
    );
    renderApp('/ar/account/v2/my-payments');
    const banner = await screen.findByRole('region', { name: 'متجرك' });
    await within(banner).findByText('الرموز');
    expect(within(banner).getByText('رصيد النقاط').nextElementSibling).toHaveTextContent('لا نقاط · منتهية منذ 31 أكتوبر 2026');
    expect(within(banner).getByText('الرموز').nextElementSibling).toHaveTextContent('لا رموز');
  });
});
