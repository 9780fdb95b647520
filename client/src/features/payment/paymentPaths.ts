// Addresses and words the payment pages share: the checkout of an ad, its boost, the success
// and failure pages (spec §2 /checkout, /payment/success, /payment/failure), the name of each
// method, and the sentence that explains a refused order (spec §8 payment errors).

import type { IntlShape } from 'react-intl';
import type { Language } from '../../app/language';
import type { MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';

/** The checkout of one ad's insertion fee, in a language; `method` comes chosen already. */
export function checkoutPath(language: Language, adId: string, method?: string): string {
  const params = new URLSearchParams({ ad: adId });
  if (method) params.set('method', method);
  return `${localized(language, PATHS.checkout)}?${params.toString()}`;
}

/** /payment/success?ad= or /payment/failure?ad=&reason=&method= (the failure's error code and the method tried). */
export function paymentResultPath(
  language: Language,
  kind: 'success' | 'failure',
  adId: string,
  failure?: { reason: string; method: string },
): string {
  const params = new URLSearchParams({ ad: adId });
  if (failure) {
    params.set('reason', failure.reason);
    params.set('method', failure.method);
  }
  return `${localized(language, kind === 'success' ? PATHS.paymentSuccess : PATHS.paymentFailure)}?${params.toString()}`;
}

/** Where the boost flow opens: a step, and what was chosen already (pack, slot, method). */
export interface BoostChoice {
  step?: 'pack' | 'start' | 'method' | 'summary';
  pack?: string;
  date?: string;
  part?: string;
  method?: string;
}

/** /checkout/boost?ad=&pack=&date=&part=&method=&step=: the boost of one of my ads. */
export function boostPath(language: Language, adId: string, choice: BoostChoice = {}): string {
  const params = new URLSearchParams({ ad: adId });
  for (const name of ['pack', 'date', 'part', 'method', 'step'] as const) {
    const value = choice[name];
    if (value) params.set(name, value);
  }
  return `${localized(language, PATHS.boost)}?${params.toString()}`;
}

/** /payment/success?order= or /payment/failure?order=: the result page of one order. */
export function orderResultPath(language: Language, kind: 'success' | 'failure', orderId: string): string {
  const params = new URLSearchParams({ order: orderId });
  return `${localized(language, kind === 'success' ? PATHS.paymentSuccess : PATHS.paymentFailure)}?${params.toString()}`;
}

const METHODS = ['fatourati', 'cashPlus', 'tasshilat', 'cc', 'sms', 'bankingApp', 'avitoken', 'points'] as const;

/** A method's name (Fatourati, Cash Plus, Tasshilat, the card, SMS, the bank's app, the balances); the server's word otherwise. */
export function methodName(intl: IntlShape, method: string): string {
  return (METHODS as readonly string[]).includes(method) ? intl.formatMessage({ id: `checkout.method.${method}` as MessageId }) : method;
}

/** What the failure page says for an error code of the order (spec §8 payment errors first). */
const REASONS: Record<string, MessageId> = {
  UNKNOWN_PAYMENT_METHOD: 'payment.error.unknownPaymentMethod',
  NO_ORDER_IS_UPDATED: 'payment.error.noOrderIsUpdated',
  UPDATE_IS_NOT_ALLOWED: 'payment.error.updateIsNotAllowed',
  ORDER_ALREADY_COMPLETED: 'payment.error.orderAlreadyCompleted',
  AD_OPERATION_NOT_ALLOWED: 'paymentFailure.reason.notWaiting',
  AD_NOT_FOUND: 'ad.notFound.body',
  NETWORK_ERROR: 'common.error.network',
  ERROR_SOLDE_EXPIRED: 'payment.error.soldeExpired',
  ERROR_SOLDE_NOT_ENOUGH: 'payment.error.soldeNotEnough',
  ERROR_SOLDE_EQUIVALENT: 'payment.error.soldeEquivalent',
  ERROR_PACKAGE_NOT_FOUND: 'payment.error.packageNotFound',
  PERMISSION_DENIED: 'common.error.permissionDenied',
  INVALID_OPERATION: 'payment.error.invalidOperation',
  PACK_REQUIRES_IMAGE: 'vas.error.imageRequired',
};

export function failureReason(intl: IntlShape, code: string | null): string {
  return intl.formatMessage({ id: (code === null ? undefined : REASONS[code]) ?? 'common.error.generic' });
}

/** A pack's name as people read it: its kind and its duration ("Galerie · 15 jours"). */
export function packName(intl: IntlShape, kind: string, days: number): string {
  const name = KINDS.includes(kind) ? intl.formatMessage({ id: `boost.kind.${kind}` as MessageId }) : kind;
  return `${name} · ${intl.formatMessage({ id: 'boost.days' }, { days })}`;
}

/** The kinds of pack whose names and explanations the client words (docs/payments.md "Packs"). */
export const KINDS: readonly string[] = ['bump', 'gallery', 'special', 'highlight', 'renewal'];

/** A part of the day's name (morning, afternoon, evening); the server's id otherwise. */
export function partName(intl: IntlShape, part: string): string {
  return ['morning', 'afternoon', 'evening'].includes(part) ? intl.formatMessage({ id: `boost.part.${part}` as MessageId }) : part;
}

/** A "YYYY-MM-DD" slot date as a long date in the page's language (read as a calendar day, not shifted by a time zone). */
export function slotDateText(intl: IntlShape, date: string, style: 'long' | 'short' = 'long'): string {
  const [year, month, day] = date.split('-').map(Number);
  const at = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12);
  return intl.formatDate(at, style === 'long' ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** An amount of centimes as the server words it (domain/src/money.rs): "1 300 DH", "2,50 DH". */
export function dhText(centimes: number): string {
  const sign = centimes < 0 ? '-' : '';
  const abs = Math.abs(centimes);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = abs % 100;
  return `${sign}${whole}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`} DH`;
}
