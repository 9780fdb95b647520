// The order events of the real-time socket (docs/realtime.md): `order:new` to the shop owner the
// moment an order is committed, `order:updated` to the buyer and the seller after each
// transition is written, `order:reminder` to the seller of an order left unprepared 48 hours.

export const ORDER_NEW_EVENT = 'order:new';
export const ORDER_UPDATED_EVENT = 'order:updated';
export const ORDER_REMINDER_EVENT = 'order:reminder';

/** What `order:new` carries: the GraphQL SaleOrder (the fields the alerts read) and when it was committed. */
export interface OrderNew {
  order: { id: string; product: { name: string }; unitsSold: number; total: string; status: string };
  /** Milliseconds since the epoch. */
  committedAt: number;
}

export interface OrderUpdated {
  id: string;
  /** Seller side: PENDING, READY, DELIVERING, DELIVERED, CANCELLED, RETURNED. */
  status: string;
  /** Buyer side: initiated, preparing, delivering, delivered, cancelled, returned. */
  buyerStatus: string;
  late: boolean;
  deleted: boolean;
  at: number;
}

export interface OrderReminder {
  id: string;
  createdAt: string | number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isOrderNew(value: unknown): value is OrderNew {
  if (!isRecord(value) || !isRecord(value.order)) return false;
  const { order } = value;
  return typeof order.id === 'string' && isRecord(order.product) && typeof order.product.name === 'string';
}

export function isOrderUpdated(value: unknown): value is OrderUpdated {
  return isRecord(value) && typeof value.id === 'string' && typeof value.status === 'string' && typeof value.buyerStatus === 'string';
}

export function isOrderReminder(value: unknown): value is OrderReminder {
  return isRecord(value) && typeof value.id === 'string';
}
