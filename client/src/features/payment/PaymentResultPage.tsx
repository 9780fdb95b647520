// The two ends of a payment (spec §2 /payment/success and /payment/failure, §8 "payment page
// failure: retry or other method"). With ?order={id} (the card provider comes back here, the
// boost and its codes send here) both pages read the order (getMyPaymentOrder) and show what it
// really is, whatever the address says (docs/payments.md: the URL is never trusted): paid — the
// pack's period or the ad published, the invoice, links back; pending or ongoing — "being
// confirmed", asked again every few seconds until it changes; refused or expired — the reason,
// "Réessayer" (the same pack, slot and method ordered again) and another method (the boost at
// its method step). With ?ad={adId} (the insertion checkout of an agency code): success — the
// payment is received and the ad is published, with links to the ad and to my ads (whose lists
// are read again); failure — why the order was refused, then retry or another method.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { paymentsApi, useGetMyAdInsertionFeeQuery } from '../../api/payments';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { adPath } from '../ads/adPaths';
import { OrderResult } from './OrderResult';
import { checkoutPath, failureReason } from './paymentPaths';

export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const orderId = (search.get('order') ?? '').trim();
  return orderId === '' ? <InsertionSuccess /> : <OrderResult key={orderId} orderId={orderId} />;
}

export function PaymentFailurePage() {
  const [search] = useSearchParams();
  const orderId = (search.get('order') ?? '').trim();
  return orderId === '' ? <InsertionFailure /> : <OrderResult key={orderId} orderId={orderId} />;
}

function InsertionSuccess() {
  const intl = useIntl();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const adId = (search.get('ad') ?? '').trim();
  const { currentData } = useGetMyAdInsertionFeeQuery({ adId }, { skip: adId === '', refetchOnMountOrArgChange: true });
  useDocumentTitle(intl.formatMessage({ id: 'paymentSuccess.documentTitle' }));
  useEffect(() => {
    // My ads and the ad view show the ad as published from now on.
    dispatch(paymentsApi.util.invalidateTags(['MyAds', 'Ad']));
  }, [dispatch]);
  const published = currentData?.status === 'active';
  return (
    <div className="page payment-result">
      <h1>{intl.formatMessage({ id: 'paymentSuccess.title' })}</h1>
      <p role="status">
        {currentData
          ? intl.formatMessage({ id: published ? 'paymentSuccess.published' : 'paymentSuccess.pending' }, { title: currentData.title })
          : intl.formatMessage({ id: 'paymentSuccess.body' })}
      </p>
      <p className="payment-result__actions">
        {published ? (
          <Link className="button button--primary" to={localized(language, adPath(currentData.listId))}>
            {intl.formatMessage({ id: 'paymentSuccess.viewAd' })}
          </Link>
        ) : null}
        <Link className="button" to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
          {intl.formatMessage({ id: 'paymentSuccess.myAds' })}
        </Link>
      </p>
    </div>
  );
}

function InsertionFailure() {
  const intl = useIntl();
  const language = useLanguage();
  const [search] = useSearchParams();
  const adId = (search.get('ad') ?? '').trim();
  useDocumentTitle(intl.formatMessage({ id: 'paymentFailure.documentTitle' }));
  return (
    <div className="page payment-result">
      <h1>{intl.formatMessage({ id: 'paymentFailure.title' })}</h1>
      <p role="alert">{failureReason(intl, search.get('reason'))}</p>
      <p className="payment-result__actions">
        {adId !== '' ? (
          <>
            <Link className="button button--primary" to={checkoutPath(language, adId, search.get('method') ?? undefined)}>
              {intl.formatMessage({ id: 'paymentFailure.retry' })}
            </Link>
            <Link className="button" to={checkoutPath(language, adId)}>
              {intl.formatMessage({ id: 'paymentFailure.otherMethod' })}
            </Link>
          </>
        ) : null}
        <Link className="button" to={`${localized(language, PATHS.myAds)}?status=PENDING_PAYMENT&page=1`}>
          {intl.formatMessage({ id: 'paymentFailure.myAds' })}
        </Link>
      </p>
    </div>
  );
}
