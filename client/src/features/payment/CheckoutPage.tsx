// The checkout of an ad's insertion fee (/checkout?ad={adId}, spec §2 "Payment: steps pack
// choice, method, pay; order summary"): the steps, the order summary (the ad, its fee, the
// method's extra fee, the total in DH), the choice of method (the offline agencies, and the card
// when the server offers it — unavailable methods listed as such), then either the card
// provider's page (the order's redirectUrl, which comes back to /payment/success|failure?order=;
// a card payment left unfinished offers its page again or another method) or the payment code
// with its 48-hour countdown and what to do at the agency. While the code waits, the page asks
// the server every few seconds and goes to /payment/success once the agency's payment is
// confirmed; a refused order goes to /payment/failure (retry or another method).

import { useEffect, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isGatewayError } from '../../api/gateway';
import {
  paymentsApi,
  useGetMyAdInsertionFeeQuery,
  useOrderAdPaymentMutation,
  type AdInsertionFee,
  type PaymentMethodOffer,
  type PaymentOrder,
} from '../../api/payments';
import { useLanguage, type MessageId } from '../../app/i18n';
import { isolateLtr } from '../../lib/bidi';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { methodName, paymentResultPath } from './paymentPaths';
import { PaymentCode } from './PaymentCode';
import { providerPage } from './providerPage';

/** How often a shown code asks whether its payment arrived. */
export const PAYMENT_POLL_MS = 4000;

const STEPS = ['checkout.step.summary', 'checkout.step.method', 'checkout.step.pay'] as const;

function Steps({ current }: { current: number }) {
  const intl = useIntl();
  return (
    <ol className="stepper checkout__steps" aria-label={intl.formatMessage({ id: 'checkout.steps' })}>
      {STEPS.map((key, index) => (
        <li key={key} aria-current={index === current ? 'step' : undefined}>
          {intl.formatMessage({ id: key })}
        </li>
      ))}
    </ol>
  );
}

/** The order summary: the ad, its fee, the chosen method's extra fee and the total. */
function Summary({ fee, offer }: { fee: AdInsertionFee; offer: PaymentMethodOffer | undefined }) {
  const intl = useIntl();
  // Each value isolated: a Latin title or "52,50 DH" keeps its order inside an Arabic line.
  const rows: [MessageId, ReactNode][] = [
    ['checkout.summary.ad', <bdi>{fee.title}</bdi>],
    ['checkout.summary.fee', <Amount text={fee.fee.withCurrency} />],
    ['checkout.summary.extraFee', offer ? <Amount text={offer.extraFee.withCurrency} /> : '—'],
    ['checkout.summary.total', <Amount text={(offer?.total ?? fee.fee).withCurrency} />],
  ];
  return (
    <section className="checkout__summary" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{intl.formatMessage({ id: 'checkout.summary.title' })}</h2>
      <dl className="ad-params">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{intl.formatMessage({ id: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="checkout__note">{intl.formatMessage({ id: 'checkout.summary.why' })}</p>
    </section>
  );
}

function MethodChoice({
  fee,
  method,
  onMethod,
  onSubmit,
  busy,
}: {
  fee: AdInsertionFee;
  method: string;
  onMethod: (method: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const intl = useIntl();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="checkout__methods" onSubmit={submit}>
      <fieldset>
        <legend>{intl.formatMessage({ id: 'checkout.method.title' })}</legend>
        {fee.methods.map((offer) => (
          <label key={offer.method} className="checkout__method">
            <input
              type="radio"
              name="method"
              value={offer.method}
              checked={method === offer.method}
              disabled={!offer.available}
              onChange={() => { onMethod(offer.method); }}
            />
            <span>{methodName(intl, offer.method)}</span>
            <span className="checkout__method-detail">
              {offer.available ? (
                intl.formatMessage(
                  { id: offer.offline ? 'checkout.method.offline' : 'checkout.method.online' },
                  { extra: isolateLtr(offer.extraFee.withCurrency), total: isolateLtr(offer.total.withCurrency) },
                )
              ) : (
                intl.formatMessage({ id: 'checkout.method.unavailable' })
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={method === '' || busy}>
        {method === 'cc'
          ? intl.formatMessage({ id: 'boost.pay.cc' }, { total: isolateLtr(fee.methods.find((m) => m.method === 'cc')?.total.withCurrency ?? '') })
          : intl.formatMessage({ id: 'checkout.order' })}
      </button>
    </form>
  );
}

/** A card payment begun and not finished: back to the provider's page, or another method. */
function CardPending({ order, onOther }: { order: PaymentOrder; onOther: () => void }) {
  const intl = useIntl();
  return (
    <section className="checkout__code" aria-labelledby="checkout-card">
      <h2 id="checkout-card">{intl.formatMessage({ id: 'checkout.card.pending' })}</h2>
      <p className="payment-result__actions">
        {order.redirectUrl ? (
          <button type="button" className="button button--primary" onClick={() => { providerPage.open(order.redirectUrl ?? ''); }}>
            {intl.formatMessage({ id: 'checkout.card.continue' })}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onOther}>
          {intl.formatMessage({ id: 'paymentFailure.otherMethod' })}
        </button>
      </p>
    </section>
  );
}

function Checkout({ adId, chosen }: { adId: string; chosen: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [method, setMethod] = useState(chosen);
  // The order made on this page, shown at once (the fee's open order follows on the refetch).
  const [ordered, setOrdered] = useState<PaymentOrder | undefined>();
  const [renewing, setRenewing] = useState(false);
  const [order, orderState] = useOrderAdPaymentMutation();
  // The code shown: the one ordered here, else the ad's open order on the server (read from the
  // cache first, so that the query below knows whether to keep asking).
  const cached = paymentsApi.endpoints.getMyAdInsertionFee.useQueryState({ adId }).currentData;
  const shown = (data: AdInsertionFee | undefined) => (renewing ? undefined : (ordered ?? data?.openOrder ?? undefined));
  const { currentData, isError, error, refetch, isFetching } = useGetMyAdInsertionFeeQuery(
    { adId },
    { pollingInterval: shown(cached) ? PAYMENT_POLL_MS : 0, refetchOnMountOrArgChange: true },
  );
  const open = shown(currentData);
  // Once a code was shown, the ad's publication means the agency's payment arrived.
  const [sawCode, setSawCode] = useState(false);
  if (open && !sawCode) setSawCode(true);
  const paid = sawCode && currentData !== undefined && !currentData.due && currentData.status === 'active';

  useEffect(() => {
    // The agency's confirmation arrived while the code was shown: the ad is published.
    if (paid) void navigate(paymentResultPath(language, 'success', adId), { replace: true });
  }, [paid, navigate, language, adId]);

  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'checkout.loading' })} />;
  if (!currentData.due) {
    return (
      <>
        <p className="empty">{intl.formatMessage({ id: 'checkout.notDue' }, { title: currentData.title })}</p>
        <Link className="button" to={localized(language, PATHS.myAds)}>
          {intl.formatMessage({ id: 'checkout.backToMyAds' })}
        </Link>
      </>
    );
  }
  const offer = currentData.methods.find((m) => m.method === (open?.method ?? method));
  const submit = () => {
    setRenewing(false);
    order({ adId, method })
      .unwrap()
      .then((result) => {
        // The card is paid on the provider's page, which comes back to the result pages.
        if (result.redirectUrl) providerPage.open(result.redirectUrl);
        else setOrdered(result);
      })
      .catch((failure: unknown) => {
        const reason = isGatewayError(failure) ? failure.code : 'INTERNAL_ERROR';
        void navigate(paymentResultPath(language, 'failure', adId, { reason, method }));
      });
  };
  return (
    <>
      <Steps current={open ? 2 : method === '' ? 0 : 1} />
      <Summary fee={currentData} offer={offer} />
      {open?.method === 'cc' ? (
        <CardPending
          order={open}
          onOther={() => {
            setOrdered(undefined);
            setRenewing(true);
            setMethod('');
          }}
        />
      ) : open ? (
        <PaymentCode
          order={open}
          checking={isFetching}
          onCheck={() => void refetch()}
          onRenew={() => {
            setOrdered(undefined);
            setRenewing(true);
            setMethod('');
            void refetch();
          }}
        />
      ) : (
        <MethodChoice fee={currentData} method={method} onMethod={setMethod} onSubmit={submit} busy={orderState.isLoading} />
      )}
    </>
  );
}

export default function CheckoutPage() {
  const intl = useIntl();
  const language = useLanguage();
  const [search] = useSearchParams();
  const adId = (search.get('ad') ?? '').trim();
  useDocumentTitle(intl.formatMessage({ id: 'checkout.documentTitle' }));
  return (
    <div className="page checkout">
      <h1>{intl.formatMessage({ id: 'checkout.title' })}</h1>
      {adId === '' ? (
        <>
          <p className="empty">{intl.formatMessage({ id: 'checkout.noAd' })}</p>
          <Link className="button" to={`${localized(language, PATHS.myAds)}?status=PENDING_PAYMENT`}>
            {intl.formatMessage({ id: 'checkout.backToMyAds' })}
          </Link>
        </>
      ) : (
        <Checkout key={adId} adId={adId} chosen={search.get('method') ?? ''} />
      )}
    </div>
  );
}
