// A buyer cancels a pending order from my orders (issue 23): "Annuler" / "إلغاء" shows on the
// orders whose allowedActions has `cancel`, asks for a confirmation, sends cancelOrder(id) and
// says it is done only when the server answers for that very order.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeRealtime, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { signInBuyer } from '../../../test/sellerFixtures';
import type { PurchaseOrder } from '../../api/orders';

function order(id: string, allowedActions: string[]): PurchaseOrder {
  return {
    id,
    product: { sku: 'TAJ-01', listId: 10000001, name: 'Tajine 30 cm', thumbnail: null },
    total: '480 DH',
    status: 'initiated',
    date: '2026-05-29T08:26:40Z',
    paymentMethod: 'cod',
    allowedActions,
  };
}

function serve(calls: GatewayCall[], answerId?: string) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway(
      {
        getMyPurchaseOrders: () => ({ orders: [order('41', ['cancel']), order('40', [])], count: 2 }),
        cancelOrder: ({ variables }) => ({ id: answerId ?? variables.id, status: 'CANCELLED', buyerStatus: 'cancelled', deleted: false }),
      },
      calls,
    ),
  );
}

it.each([
  ['fr', 'Annuler', 'Annuler la commande n° 41', 'Annuler cette commande ?', 'Annuler la commande', 'Commande n° 41 annulée'],
  ['ar', 'إلغاء', 'إلغاء الطلب رقم 41', 'إلغاء هذا الطلب؟', 'إلغاء الطلب', 'تم إلغاء الطلب رقم 41'],
] as const)('cancels a pending order after a confirmation (%s)', async (language, visible, name, title, confirm, done) => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  serve(calls);
  renderApp(`/${language}/account/v2/my-orders?status=initiated&page=1`, { realtime: new FakeRealtime().connect });
  const table = await screen.findByRole('table');
  const button = await within(table).findByRole('button', { name });
  expect(button).toHaveTextContent(visible);
  // Only the order the server lets the buyer cancel has the button.
  expect(within(table).getAllByRole('button')).toHaveLength(1);

  fireEvent.click(button);
  const dialog = screen.getByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent('41');
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
  expect(await screen.findByText(done)).toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'cancelOrder').map((c) => c.variables)).toEqual([{ id: '41' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('sends nothing when the buyer keeps the order', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  serve(calls);
  renderApp('/account/v2/my-orders?status=initiated&page=1', { realtime: new FakeRealtime().connect });
  fireEvent.click(await screen.findByRole('button', { name: 'Annuler la commande n° 41' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Garder la commande' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'cancelOrder')).toEqual([]);
});

it('does not say the order is cancelled when the server answers for another order', async () => {
  signInBuyer();
  const calls: GatewayCall[] = [];
  serve(calls, '99');
  renderApp('/account/v2/my-orders?status=initiated&page=1', { realtime: new FakeRealtime().connect });
  fireEvent.click(await screen.findByRole('button', { name: 'Annuler la commande n° 41' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la commande' }));
  await waitFor(() => {
    expect(calls.filter((c) => c.operationName === 'cancelOrder')).toHaveLength(1);
  });
  expect(await screen.findByText('Erreur Veuillez réessayer plus tard')).toBeInTheDocument();
  expect(screen.queryByText('Commande n° 41 annulée')).not.toBeInTheDocument();
});
