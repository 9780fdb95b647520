// Addresses and words the payment pages share: the checkout of an ad, the success and failure
// pages (spec §2 /checkout, /payment/success, /payment/failure), the name of each method, and
// the sentence that explains a refused order on the failure page.

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

const METHODS = ['fatourati', 'cashPlus', 'tasshilat', 'cc'] as const;

/** A method's name (Fatourati, Cash Plus, Tasshilat, the card); the server's word otherwise. */
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
};

export function failureReason(intl: IntlShape, code: string | null): string {
  return intl.formatMessage({ id: (code === null ? undefined : REASONS[code]) ?? 'common.error.generic' });
}
