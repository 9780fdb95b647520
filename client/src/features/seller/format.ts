// How the seller centre words its values: order, product and payment statuses, payment
// methods, dates ("day short-month year" in the page's language, spec §9), and the list
// parameters (`status`, `page`) its tabs change.

import type { IntlShape } from 'react-intl';
import { paymentMethodOf } from '../../api/orders';
import { saleOrderStatusOf } from '../../api/seller';
import type { MessageId } from '../../app/i18n';

/** "29 mai 2026" / "29 ماي 2026": spec §9's order date. */
export function dayText(intl: IntlShape, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : intl.formatDate(date, { day: 'numeric', month: 'short', year: 'numeric' });
}

export function saleStatusText(intl: IntlShape, status: string): string {
  const known = saleOrderStatusOf(status);
  return intl.formatMessage({ id: known ? (`seller.orderStatus.${known}` as MessageId) : 'orders.orderStatus.other' });
}

const PRODUCT_STATUS_WORDS = ['active', 'outOfStock', 'deactivated', 'deleted'];

export function productStatusText(intl: IntlShape, status: string): string {
  const known = PRODUCT_STATUS_WORDS.find((word) => word.toLowerCase() === status.toLowerCase());
  return intl.formatMessage({ id: known ? (`seller.productStatus.${known}` as MessageId) : 'orders.orderStatus.other' });
}

const PAYMENT_STATUS_WORDS = ['pending', 'ongoing', 'paid', 'refunded'];

export function paymentStatusText(intl: IntlShape, status: string | null): string {
  const known = PAYMENT_STATUS_WORDS.find((word) => word === status?.toLowerCase());
  return intl.formatMessage({ id: known ? (`seller.paymentStatus.${known}` as MessageId) : 'seller.paymentStatus.pending' });
}

export function paymentMethodText(intl: IntlShape, method: string): string {
  const known = paymentMethodOf(method);
  return intl.formatMessage({ id: known ? (`orders.paymentMethod.${known}` as MessageId) : 'orders.paymentMethod.other' });
}

/** A tab's `status` among `allowed` (the first one when absent or unknown) and its `page` (from 1). */
export function readListParams<S extends string>(search: URLSearchParams, allowed: readonly [S, ...S[]]): { status: S; page: number } {
  const raw = search.get('status') ?? '';
  const status = allowed.find((s) => s.toLowerCase() === raw.toLowerCase()) ?? allowed[0];
  const page = Number(search.get('page'));
  return { status, page: Number.isInteger(page) && page > 0 ? page : 1 };
}
