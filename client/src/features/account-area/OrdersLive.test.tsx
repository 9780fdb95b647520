// The buyer's orders move live (issue 23): an `order:updated` from the real-time socket changes
// the order's status where it is shown ("En préparation" / "قيد التحضير"), marked as just
// updated, with a toast, without the page being read again; the list of the status it moved to
// is read again when it is opened; an order of someone else's event is left alone.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeRealtime, gateway, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { signInBuyer } from '../../../test/sellerFixtures';
import type { PurchaseOrder } from '../../api/orders';

function order(id: string, status: string): PurchaseOrder {
  return {
    id,
    product: { sku: 'TAJ-01', listId: 10000001, name: 'Tajine en terre cuite', thumbnail: null },
    total: '480 DH',
    status,
    date: '2026-05-29T08:26:40Z',
    paymentMethod: 'cod',
  };
}

it.each([
  ['fr', 'Initiée', 'En préparation', 'Votre commande n° 41 : En préparation', 'Mis à jour'],
  ['ar', 'مُنشأ', 'قيد التحضير', 'طلبك رقم 41: قيد التحضير', 'تم التحديث'],
] as const)('shows a transition at once, without reading the page again (%s)', async (language, _before, after, toast, mark) => {
  signInBuyer();
  const realtime = new FakeRealtime();
  const calls: GatewayCall[] = [];
  let server = [order('41', 'initiated'), order('40', 'initiated')];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway(
      {
        getMyPurchaseOrders: ({ variables }) => {
          const status = (variables.query as { filters: { status: string } }).filters.status;
          const orders = server.filter((o) => o.status === status);
          return { orders, count: orders.length };
        },
      },
      calls,
    ),
  );
  renderApp(`/${language}/account/v2/my-orders?status=initiated&page=1`, { realtime: realtime.connect });
  const table = await screen.findByRole('table');
  await waitFor(() => {
    expect(realtime.listeners('order:updated')).toBe(1);
  });
  const reads = calls.filter((c) => c.operationName === 'getMyPurchaseOrders').length;

  server = [order('41', 'preparing'), order('40', 'initiated')];
  act(() => {
    realtime.emit('order:updated', { id: '41', status: 'READY', buyerStatus: 'preparing', late: false, deleted: false, at: Date.now() });
  });
  const row = within(table).getByText('41').closest('tr') as HTMLElement;
  await waitFor(() => {
    expect(row).toHaveTextContent(after);
  });
  expect(row).toHaveTextContent(mark);
  expect(await screen.findByText(toast)).toBeInTheDocument();
  // The other order did not move.
  expect(within(table).getByText('40').closest('tr')).not.toHaveTextContent(mark);
  // The list shown was not read again: the change came over the socket.
  expect(calls.filter((c) => c.operationName === 'getMyPurchaseOrders' && (c.variables.query as { filters: { status: string } }).filters.status === 'initiated')).toHaveLength(reads);

  // The status it moved to has it.
  fireEvent.click(within(screen.getByRole('navigation', { name: language === 'ar' ? 'حالة الطلبات' : 'Statut des commandes' })).getByRole('link', { name: after }));
  await waitFor(() => {
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });
  expect(within(screen.getByRole('table')).getByText('41')).toBeInTheDocument();
});

it('takes a deleted order out of the list', async () => {
  signInBuyer();
  const realtime = new FakeRealtime();
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ getMyPurchaseOrders: () => ({ orders: [order('41', 'initiated'), order('40', 'initiated')], count: 2 }) }),
  );
  renderApp('/fr/account/v2/my-orders?status=initiated&page=1', { realtime: realtime.connect });
  const table = await screen.findByRole('table');
  await waitFor(() => {
    expect(realtime.listeners('order:updated')).toBe(1);
  });
  act(() => {
    realtime.emit('order:updated', { id: '41', status: 'PENDING', buyerStatus: 'initiated', late: false, deleted: true, at: Date.now() });
  });
  await waitFor(() => {
    expect(within(table).queryByText('41')).not.toBeInTheDocument();
  });
  expect(within(table).getByText('40')).toBeInTheDocument();
});
