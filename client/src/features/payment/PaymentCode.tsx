// The payment code of an order paid outside the site (spec §9: valid 48 hours, +2,50 DH per
// offline transaction): the code grouped as read out at a counter, the amount, where to pay,
// the countdown, and how to pay with that method — at an agency (Fatourati, Cash Plus,
// Tasshilat), by SMS or in the bank's app. Shared by the insertion checkout and the boost.

import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { groupedCode, type PaymentOrder } from '../../api/payments';
import { isolateLtr } from '../../lib/bidi';
import { Amount } from '../../ui/Price';
import { methodName } from './paymentPaths';

/** Hours, minutes and seconds left before `expiresAt`, counted down every second. */
function useRemaining(expiresAt: string): number {
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => { setNow(Date.now()); }, 1000);
    return () => { window.clearInterval(timer); };
  }, []);
  return Math.max(0, Math.floor((end - now) / 1000));
}

function countdown(intl: IntlShape, seconds: number): string {
  return intl.formatMessage(
    { id: 'checkout.code.expiresIn' },
    { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: seconds % 60 },
  );
}

const AGENCIES = ['fatourati', 'cashPlus', 'tasshilat'];

export interface PaymentCodeProps {
  order: PaymentOrder;
  onCheck: () => void;
  /** A new code once this one expired (the insertion); the boost goes back to its methods. */
  onRenew: () => void;
  checking: boolean;
  /** What the payment buys: the ad's publication, or a pack. */
  purpose?: 'insertion' | 'pack';
}

export function PaymentCode({ order, onCheck, onRenew, checking, purpose = 'insertion' }: PaymentCodeProps) {
  const intl = useIntl();
  const remaining = useRemaining(order.expiresAt);
  const method = methodName(intl, order.method);
  const atAgency = AGENCIES.includes(order.method);
  const until = intl.formatDate(new Date(order.expiresAt), { dateStyle: 'medium', timeStyle: 'short' });
  if (remaining === 0) {
    return (
      <section className="checkout__code" aria-labelledby="checkout-code">
        <h2 id="checkout-code">{intl.formatMessage({ id: 'checkout.code.expiredTitle' })}</h2>
        <p>{intl.formatMessage({ id: 'checkout.code.expired' })}</p>
        <button type="button" className="button button--primary" onClick={onRenew}>
          {intl.formatMessage({ id: 'checkout.code.renew' })}
        </button>
      </section>
    );
  }
  // Isolated: "52,50 DH" and the code keep their order inside an Arabic sentence.
  const values = { code: isolateLtr(groupedCode(order.code)), total: isolateLtr(order.total.withCurrency) };
  return (
    <section className="checkout__code" aria-labelledby="checkout-code">
      <h2 id="checkout-code">{intl.formatMessage({ id: 'checkout.code.title' })}</h2>
      <p className="checkout__code-value" aria-label={intl.formatMessage({ id: 'checkout.code.label' })}>
        <bdi>{groupedCode(order.code)}</bdi>
      </p>
      <dl className="ad-params">
        <div>
          <dt>{intl.formatMessage({ id: 'checkout.code.amount' })}</dt>
          <dd>
            <Amount text={order.total.withCurrency} />
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: atAgency ? 'checkout.code.agency' : 'boost.code.method' })}</dt>
          <dd>{method}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'checkout.code.validUntil' })}</dt>
          <dd>{until}</dd>
        </div>
      </dl>
      <p role="timer" className="checkout__countdown">
        {countdown(intl, remaining)}
      </p>
      <h3>{intl.formatMessage({ id: 'checkout.code.howTo' })}</h3>
      <ol className="checkout__instructions">
        {atAgency ? (
          <>
            <li>{intl.formatMessage({ id: 'checkout.code.step1' }, { agency: method })}</li>
            <li>{intl.formatMessage({ id: 'checkout.code.step2' }, values)}</li>
          </>
        ) : (
          <>
            <li>{intl.formatMessage({ id: order.method === 'sms' ? 'boost.code.step1.sms' : 'boost.code.step1.bankingApp' })}</li>
            <li>{intl.formatMessage({ id: 'boost.code.step2.remote' }, values)}</li>
          </>
        )}
        <li>{intl.formatMessage({ id: purpose === 'pack' ? 'boost.code.step3' : 'checkout.code.step3' })}</li>
      </ol>
      <p className="checkout__note">{intl.formatMessage({ id: 'checkout.code.waiting' })}</p>
      <button type="button" className="button" onClick={onCheck} disabled={checking}>
        {intl.formatMessage({ id: 'checkout.code.check' })}
      </button>
    </section>
  );
}
