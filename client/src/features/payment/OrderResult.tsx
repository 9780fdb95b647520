// One order's result, as /payment/success?order= and /payment/failure?order= both show it: the
// order read from the server (getMyPaymentOrder), never the address. Paid: the pack's period
// (or the ad published, for an insertion fee), the invoice (a PDF, opened in a new tab) and the
// way back to my ads and my payments. Pending or ongoing: "being confirmed" with a loader, the
// order asked again every few seconds — and, for a code, the code and how to pay it; for a card
// payment not finished, its page again. Refused
// (`failure`) or expired: the reason, "Réessayer" (the same pack, slot and method ordered again,
// or the insertion checkout with the same method) and another method.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import {
  orderFailed,
  paymentsApi,
  paysWithCode,
  useGetMyPaymentOrderQuery,
  useOrderVasPackMutation,
  type PaymentOrder,
} from '../../api/payments';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { isolateLtr } from '../../lib/bidi';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Icon } from '../../ui/Icon';
import { Loader } from '../../ui/Loader';
import { toastShown } from '../../ui/toastSlice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { UserText } from '../../ui/UserText';
import { adPath } from '../ads/adPaths';
import { PAYMENT_POLL_MS } from './CheckoutPage';
import { PaymentCode } from './PaymentCode';
import { providerPage } from './providerPage';
import { boostPath, checkoutPath, failureReason, orderResultPath, packName, partName, slotDateText } from './paymentPaths';
import './boost.css';

/** Still waiting for the provider, the agency or the operator: neither paid nor failed. */
function waiting(order: PaymentOrder | undefined): boolean {
  return order !== undefined && (order.status === 'pending' || order.status === 'ongoing') && !orderFailed(order);
}

function Paid({ order }: { order: PaymentOrder }) {
  const intl = useIntl();
  const language = useLanguage();
  const pack = order.purpose === 'pack' && order.packKind && order.durationDays ? packName(intl, order.packKind, order.durationDays) : undefined;
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const slot = order.slotDate && order.slotPart ? { date: slotDateText(intl, order.slotDate), part: partName(intl, order.slotPart) } : undefined;
  return (
    <>
      <h1>{intl.formatMessage({ id: 'paymentSuccess.title' })}</h1>
      <p role="status" className="payment-result__lead">
        <span className="payment-result__icon payment-result__icon--paid">
          <Icon name="check" size={22} />
        </span>
        <span>
          {pack
            ? intl.formatMessage({ id: 'paymentResult.paidPack' }, { total: isolateLtr(order.total.withCurrency), name: pack, title: <UserText key="t" text={order.adTitle} /> })
            : intl.formatMessage({ id: 'paymentSuccess.published' }, { title: <UserText key="t" text={order.adTitle} /> })}
        </span>
      </p>
      <dl className="boost__summary-rows payment-result__facts">
        {pack ? (
          <div>
            <dt>{intl.formatMessage({ id: 'paymentResult.period' })}</dt>
            <dd>
              {order.packStart && order.packEnd
                ? intl.formatMessage({ id: 'paymentResult.periodValue' }, { from: when(order.packStart), to: when(order.packEnd) })
                : slot
                  ? `${slot.date}, ${slot.part}`
                  : '—'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage({ id: 'checkout.summary.total' })}</dt>
          <dd>
            <bdi>{order.total.withCurrency}</bdi>
          </dd>
        </div>
      </dl>
      <p className="payment-result__actions">
        {order.invoiceUrl ? (
          <a className={buttonClass()} href={order.invoiceUrl} target="_blank" rel="noopener">
            <Icon name="document" size={18} />
            {intl.formatMessage({ id: 'paymentResult.invoice' }, { number: isolateLtr(order.invoiceNumber ?? '') })}
          </a>
        ) : null}
        <Link className={buttonClass({ weight: 'primary' })} to={localized(language, adPath(order.listId))}>
          {intl.formatMessage({ id: 'paymentSuccess.viewAd' })}
        </Link>
        <Link className={buttonClass()} to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
          {intl.formatMessage({ id: 'paymentResult.myAds' })}
        </Link>
        <Link className={buttonClass({ weight: 'ghost' })} to={localized(language, PATHS.myPayments)}>
          {intl.formatMessage({ id: 'paymentResult.myPayments' })}
        </Link>
      </p>
    </>
  );
}

function Failed({ order }: { order: PaymentOrder }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [orderPack, ordering] = useOrderVasPackMutation();
  const reason = order.status === 'expired' ? intl.formatMessage({ id: 'paymentResult.expired' }) : failureReason(intl, order.failure ?? null);
  const isPack = order.purpose === 'pack' && order.packId && order.slotDate && order.slotPart;
  const retry = () => {
    if (!isPack || !order.packId || !order.slotDate || !order.slotPart) return;
    orderPack({ adId: order.adId, packId: order.packId, slotDate: order.slotDate, slotPart: order.slotPart, method: order.method })
      .unwrap()
      .then((again) => {
        if (again.redirectUrl && again.status !== 'paid') providerPage.open(again.redirectUrl);
        else void navigate(orderResultPath(language, 'success', again.id));
      })
      .catch((failure: unknown) => {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, failure), key: 'boost' }));
      });
  };
  const other = otherMethodPath(language, order);
  return (
    <>
      <h1>{intl.formatMessage({ id: 'paymentFailure.title' })}</h1>
      <p role="alert" className="payment-result__lead payment-result__lead--failed">
        <span className="payment-result__icon payment-result__icon--failed">
          <Icon name="close" size={22} />
        </span>
        <span>{reason}</span>
      </p>
      <p className="payment-result__actions">
        {isPack ? (
          <button type="button" className={buttonClass({ weight: 'primary' })} onClick={retry} disabled={ordering.isLoading}>
            {intl.formatMessage({ id: 'paymentFailure.retry' })}
          </button>
        ) : (
          <Link className={buttonClass({ weight: 'primary' })} to={checkoutPath(language, order.adId, order.method)}>
            {intl.formatMessage({ id: 'paymentFailure.retry' })}
          </Link>
        )}
        <Link className={buttonClass()} to={other}>
          {intl.formatMessage({ id: 'paymentFailure.otherMethod' })}
        </Link>
        <Link className={buttonClass({ weight: 'ghost' })} to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
          {intl.formatMessage({ id: 'paymentResult.myAds' })}
        </Link>
      </p>
    </>
  );
}

/** Where another method of the same order is chosen: the boost at its method step, or the insertion checkout. */
function otherMethodPath(language: ReturnType<typeof useLanguage>, order: PaymentOrder): string {
  return order.purpose === 'pack' && order.packId
    ? boostPath(language, order.adId, { pack: order.packId, date: order.slotDate ?? undefined, part: order.slotPart ?? undefined, step: 'method' })
    : checkoutPath(language, order.adId);
}

function Waiting({ order, checking, onCheck }: { order: PaymentOrder; checking: boolean; onCheck: () => void }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <>
      <h1>{intl.formatMessage({ id: 'paymentResult.pendingTitle' })}</h1>
      <div className="payment-result__waiting">
        <Loader label={intl.formatMessage({ id: 'paymentResult.pendingTitle' })} />
        <p>{intl.formatMessage({ id: 'paymentResult.pendingBody' }, { total: isolateLtr(order.total.withCurrency) })}</p>
      </div>
      {paysWithCode(order.method) ? (
        <PaymentCode
          order={order}
          purpose={order.purpose === 'pack' ? 'pack' : 'insertion'}
          checking={checking}
          onCheck={onCheck}
          onRenew={() => void navigate(otherMethodPath(language, order))}
        />
      ) : null}
      <p className="payment-result__actions">
        {order.redirectUrl ? (
          // A card payment begun and not finished: its page again.
          <button type="button" className={buttonClass({ weight: 'primary' })} onClick={() => { providerPage.open(order.redirectUrl ?? ''); }}>
            {intl.formatMessage({ id: 'checkout.card.continue' })}
          </button>
        ) : null}
        <Link className={buttonClass()} to={localized(language, PATHS.myPayments)}>
          {intl.formatMessage({ id: 'paymentResult.myPayments' })}
        </Link>
      </p>
    </>
  );
}

export function OrderResult({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // Asked again while it waits (read from the cache first, to know whether to keep asking).
  const cached = paymentsApi.endpoints.getMyPaymentOrder.useQueryState({ id: orderId }).currentData;
  const { currentData: order, isError, error, refetch, isFetching } = useGetMyPaymentOrderQuery(
    { id: orderId },
    { pollingInterval: waiting(cached) ? PAYMENT_POLL_MS : 0, refetchOnMountOrArgChange: true },
  );
  const paid = order?.status === 'paid';
  const failed = order !== undefined && orderFailed(order);
  useDocumentTitle(intl.formatMessage({ id: paid ? 'paymentSuccess.documentTitle' : failed ? 'paymentFailure.documentTitle' : 'checkout.documentTitle' }));
  useEffect(() => {
    // My ads, the ad view and the balances show the paid order's effect from now on.
    if (paid) dispatch(paymentsApi.util.invalidateTags(['MyAds', 'Ad', 'VasPacks', 'Balances']));
  }, [paid, dispatch]);

  let body;
  if (!order && isError) body = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (!order) body = <Loader label={intl.formatMessage({ id: 'paymentResult.loading' })} />;
  else if (paid) body = <Paid order={order} />;
  else if (failed) body = <Failed order={order} />;
  else if (order.status === 'refunded') body = <h1>{intl.formatMessage({ id: 'payment.status.refunded' })}</h1>;
  else body = <Waiting order={order} checking={isFetching} onCheck={() => void refetch()} />;
  return <div className="page payment-result">{body}</div>;
}
