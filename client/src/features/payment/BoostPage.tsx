// The boost of one of my ads (/checkout/boost?ad={adId}, spec §2 "Payment: steps pack choice,
// method, pay; order summary", §3 "boost slot picker: start date and time, applied randomly in
// the period", docs/payments.md). Four steps, each kept in the address (&pack=&date=&part=
// &method=&step=) so that the browser's back button, a retry from the failure page or "another
// method" land where they should: the pack (cards by kind, each with its durations, price, price
// per day, the list price struck through under a shop discount, the expected reach and the
// premium marks), the start (a day between the slots' first and last date, a part of the day,
// and the sentence that the pack starts at a random time in it about 24 h after the payment),
// the method (the balances with what they hold, disabled with the reason when they cannot pay),
// then the summary and the payment. Every price, duration, multiplier, part of day, method and
// fee is the server's (getVasPacks); the client only adds the extra fee to the price.
// After orderVasPack: the card goes to the provider's page (redirectUrl), a code is shown until
// it is paid (asked every few seconds), the balances go straight to the result page.

import { useEffect, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isGatewayError } from '../../api/gateway';
import {
  paysWithCode,
  useGetMyPaymentOrderQuery,
  useGetVasPacksQuery,
  useOrderVasPackMutation,
  type PaymentOrder,
  type VasMethod,
  type VasOffer,
  type VasPack,
} from '../../api/payments';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { isolateLtr } from '../../lib/bidi';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Field } from '../../ui/Field';
import { Icon, type IconName } from '../../ui/Icon';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { RadioCards } from '../../ui/RadioCards';
import { Stepper } from '../../ui/Stepper';
import { toastShown } from '../../ui/toastSlice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { UserText } from '../../ui/UserText';
import { myAdEditPath } from '../my-ads/paths';
import { PAYMENT_POLL_MS } from './CheckoutPage';
import { PaymentCode } from './PaymentCode';
import { providerPage } from './providerPage';
import { dhText, KINDS, methodName, orderResultPath, packName, partName, slotDateText, type BoostChoice } from './paymentPaths';
import './boost.css';

const STEPS = ['pack', 'start', 'method', 'summary'] as const;
type Step = (typeof STEPS)[number];

/** What a kind of pack brings, as the listing shows it (docs/payments.md "Packs"). */
const KIND_ICON: Record<string, IconName> = { bump: 'chevronUp', gallery: 'camera', special: 'star', highlight: 'star', renewal: 'clock' };
const KIND_MARKS: Record<string, MessageId[]> = {
  bump: ['boost.mark.daily'],
  gallery: ['listing.premium'],
  special: ['boost.mark.star', 'listing.premium', 'boost.mark.daily'],
  highlight: ['boost.mark.star'],
  renewal: [],
};

/** The ad's photo step of the form: where an ad without a photo gets one. */
const PHOTOS_STEP = 3;

/** The days from the first to the last of the slots ("YYYY-MM-DD"), both included. */
export function slotDays(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end && days.length < 400; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Why a balance cannot pay this pack, or nothing when it can (docs/payments.md errors). */
export function balanceProblem(offer: VasOffer, pack: VasPack | undefined, method: VasMethod): MessageId | undefined {
  if (method.method === 'points') {
    if (!offer.isShop) return 'boost.method.reason.shopsOnly';
    if (offer.balances.points.expired) return 'boost.method.reason.expired';
    if (pack?.points === null) return 'boost.method.reason.noEquivalent';
    if (pack && offer.balances.points.count < pack.points) return 'boost.method.reason.notEnough';
  }
  if (method.method === 'avitoken') {
    if (pack?.tokens === null) return 'boost.method.reason.noEquivalent';
    if (pack && offer.balances.tokens.count < pack.tokens) return 'boost.method.reason.notEnough';
  }
  return method.available ? undefined : 'checkout.method.unavailable';
}

function pointsText(intl: IntlShape, count: number): string {
  return intl.formatMessage({ id: 'shopBanner.pointsCount' }, { count });
}

function tokensText(intl: IntlShape, count: number): string {
  return intl.formatMessage({ id: 'boost.tokensCount' }, { count });
}

/** The pack's cost in a balance ("40 points"), or its price with the method's extra fee. */
function totalText(intl: IntlShape, pack: VasPack, method: VasMethod | undefined): string {
  if (method?.method === 'points' && pack.points !== null) return pointsText(intl, pack.points);
  if (method?.method === 'avitoken' && pack.tokens !== null) return tokensText(intl, pack.tokens);
  return dhText(pack.price.centimes + (method?.extraFee.centimes ?? 0));
}

function reachText(intl: IntlShape, reach: number): string {
  return intl.formatMessage({ id: 'boost.reach' }, { reach: intl.formatNumber(reach, { maximumFractionDigits: 1 }) });
}

function PackCard({ kind, packs, chosen, recommended, onChoose }: { kind: string; packs: VasPack[]; chosen: string; recommended: boolean; onChoose: (id: string) => void }) {
  const intl = useIntl();
  const known = KINDS.includes(kind);
  const name = known ? intl.formatMessage({ id: `boost.kind.${kind}` as MessageId }) : kind;
  const reach = Math.max(...packs.map((p) => p.expectedReach));
  const isChosen = packs.some((p) => p.id === chosen);
  const className = ['pack-card', recommended ? 'pack-card--recommended' : '', isChosen ? 'pack-card--chosen' : ''].filter(Boolean).join(' ');
  return (
    <article className={className} aria-labelledby={`pack-${kind}`}>
      {recommended ? <p className="pack-card__ribbon">{intl.formatMessage({ id: 'boost.recommended' })}</p> : null}
      <header className="pack-card__head">
        <span className="pack-card__icon">
          <Icon name={KIND_ICON[kind] ?? 'tag'} size={22} />
        </span>
        <h3 id={`pack-${kind}`} className="pack-card__name">
          {name}
        </h3>
        {reach > 1 ? (
          <p className="pack-card__reach" title={intl.formatMessage({ id: 'boost.reach.hint' })}>
            <bdi>{reachText(intl, reach)}</bdi>
          </p>
        ) : null}
      </header>
      {known ? <p className="pack-card__what">{intl.formatMessage({ id: `boost.kind.${kind}.what` as MessageId })}</p> : null}
      {(KIND_MARKS[kind] ?? []).length > 0 ? (
        <ul className="ad-labels pack-card__marks">
          {(KIND_MARKS[kind] ?? []).map((mark) => (
            <li key={mark} className={mark === 'listing.premium' ? 'ad-label ad-label--premium' : 'ad-label'}>
              {mark === 'boost.mark.star' ? <Icon name="star" size={14} /> : null}
              {intl.formatMessage({ id: mark })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="pack-card__options">
        {packs.map((pack) => {
          const discounted = pack.listPrice.centimes > pack.price.centimes;
          return (
            <label key={pack.id} className="pack-option">
              <input type="radio" name="pack" value={pack.id} checked={chosen === pack.id} onChange={() => { onChoose(pack.id); }} />
              <span className="pack-option__days">
                <span className="visually-hidden">{name} · </span>
                {intl.formatMessage({ id: 'boost.days' }, { days: pack.durationDays })}
              </span>
              <span className="pack-option__price">
                <Amount text={pack.price.withCurrency} />
                {discounted ? (
                  <s className="pack-option__list-price" aria-label={intl.formatMessage({ id: 'boost.listPrice' }, { price: isolateLtr(pack.listPrice.withCurrency) })}>
                    <Amount text={pack.listPrice.withCurrency} />
                  </s>
                ) : null}
              </span>
              <span className="pack-option__per-day">{intl.formatMessage({ id: 'boost.perDay' }, { price: isolateLtr(pack.pricePerDay.withCurrency) })}</span>
            </label>
          );
        })}
      </div>
    </article>
  );
}

function PackStep({ offer, chosen, onChoose }: { offer: VasOffer; chosen: string; onChoose: (id: string) => void }) {
  const intl = useIntl();
  // The kinds in the server's order, each with its durations.
  const kinds: string[] = [];
  for (const pack of offer.packs) if (!kinds.includes(pack.kind)) kinds.push(pack.kind);
  // The pack that brings the most views is the one put forward.
  const best = offer.packs.reduce<VasPack | undefined>((top, pack) => (!top || pack.expectedReach > top.expectedReach ? pack : top), undefined);
  return (
    <fieldset className="boost__packs">
      <legend className="boost__legend">{intl.formatMessage({ id: 'boost.pack.legend' })}</legend>
      {offer.isShop && offer.shopDiscountPercent > 0 ? (
        <p className="boost__discount">
          <Icon name="tag" size={16} /> {intl.formatMessage({ id: 'boost.shopDiscount' }, { discount: offer.shopDiscountPercent })}
        </p>
      ) : null}
      <div className="boost__pack-grid">
        {kinds.map((kind) => (
          <PackCard
            key={kind}
            kind={kind}
            packs={offer.packs.filter((p) => p.kind === kind)}
            chosen={chosen}
            recommended={best?.kind === kind}
            onChoose={onChoose}
          />
        ))}
      </div>
    </fieldset>
  );
}

function StartStep({ offer, date, part, onChange }: { offer: VasOffer; date: string; part: string; onChange: (choice: BoostChoice) => void }) {
  const intl = useIntl();
  const days = slotDays(offer.slots.earliestDate, offer.slots.latestDate);
  const chosenPart = offer.slots.parts.find((p) => p.id === part);
  return (
    <fieldset className="boost__start">
      <legend className="boost__legend">{intl.formatMessage({ id: 'boost.start.legend' })}</legend>
      <Field label={intl.formatMessage({ id: 'boost.start.date' })}>
        {(control) => (
          <select {...control} value={date} onChange={(e) => { onChange({ date: e.target.value }); }}>
            {days.map((day) => (
              <option key={day} value={day}>
                {slotDateText(intl, day)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <RadioCards
        legend={intl.formatMessage({ id: 'boost.start.part' })}
        name="part"
        value={part}
        onValueChange={(value) => { onChange({ part: value }); }}
        options={offer.slots.parts.map((p) => {
          // A part less than a day away on this date (the morning, asked at noon) opens on a later one.
          const closed = date < p.earliestDate;
          const hours = isolateLtr(`${p.from} – ${p.to}`);
          return {
            value: p.id,
            label: partName(intl, p.id),
            disabled: closed,
            detail: closed ? (
              <>
                {hours}
                <span className="boost__part-from">{intl.formatMessage({ id: 'boost.start.partFrom' }, { date: slotDateText(intl, p.earliestDate) })}</span>
              </>
            ) : (
              hours
            ),
          };
        })}
      />
      {chosenPart ? (
        <p className="boost__random" role="note">
          <Icon name="clock" size={18} />
          <span>{intl.formatMessage({ id: 'boost.start.random' }, { date: slotDateText(intl, date), from: isolateLtr(chosenPart.from), to: isolateLtr(chosenPart.to) })}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

function methodDetail(intl: IntlShape, offer: VasOffer, pack: VasPack | undefined, method: VasMethod): ReactNode {
  const problem = balanceProblem(offer, pack, method);
  if (method.method === 'points' || method.method === 'avitoken') {
    const points = method.method === 'points';
    const held = points ? pointsText(intl, offer.balances.points.count) : tokensText(intl, offer.balances.tokens.count);
    const price = points ? pack?.points : pack?.tokens;
    const cost = price === null || price === undefined ? '—' : points ? pointsText(intl, price) : tokensText(intl, price);
    const expiry = points && offer.balances.points.expiryDate
      ? ` · ${intl.formatMessage({ id: offer.balances.points.expired ? 'shopBanner.pointsExpired' : 'shopBanner.pointsExpiry' }, { date: intl.formatDate(offer.balances.points.expiryDate, { day: 'numeric', month: 'long', year: 'numeric' }) })}`
      : '';
    const showBalance = !(points && !offer.isShop);
    return (
      <>
        {showBalance ? `${intl.formatMessage({ id: 'boost.method.balance' }, { balance: held, cost })}${expiry}` : null}
        {problem ? <span className="boost__method-problem">{intl.formatMessage({ id: problem })}</span> : null}
      </>
    );
  }
  if (problem) return <span className="boost__method-problem">{intl.formatMessage({ id: problem })}</span>;
  const how: MessageId =
    method.method === 'cc'
      ? 'boost.method.how.cc'
      : method.method === 'sms'
        ? 'boost.method.how.sms'
        : method.method === 'bankingApp'
          ? 'boost.method.how.bankingApp'
          : 'boost.method.how.agency';
  const fee = method.extraFee.centimes > 0 ? intl.formatMessage({ id: 'boost.method.fee' }, { extra: isolateLtr(`+${method.extraFee.withCurrency}`) }) : intl.formatMessage({ id: 'boost.method.noFee' });
  return `${intl.formatMessage({ id: how })} · ${fee}`;
}

function MethodStep({ offer, pack, method, onChoose }: { offer: VasOffer; pack: VasPack | undefined; method: string; onChoose: (method: string) => void }) {
  const intl = useIntl();
  return (
    <div className="boost__methods">
      <RadioCards
        legend={intl.formatMessage({ id: 'checkout.method.title' })}
        name="method"
        value={method}
        onValueChange={onChoose}
        options={offer.methods.map((m) => ({
          value: m.method,
          label: methodName(intl, m.method),
          detail: methodDetail(intl, offer, pack, m),
          disabled: balanceProblem(offer, pack, m) !== undefined,
        }))}
      />
    </div>
  );
}

function Summary({ offer, pack, date, part, method }: { offer: VasOffer; pack: VasPack; date: string; part: string; method: VasMethod }) {
  const intl = useIntl();
  const slot = offer.slots.parts.find((p) => p.id === part);
  const balance = method.method === 'points' || method.method === 'avitoken';
  const discounted = pack.listPrice.centimes > pack.price.centimes;
  const rows: [MessageId, ReactNode][] = [
    ['checkout.summary.ad', <UserText text={offer.title} />],
    ['boost.summary.pack', packName(intl, pack.kind, pack.durationDays)],
    [
      'boost.summary.start',
      intl.formatMessage(
        { id: 'boost.summary.startValue' },
        // The hours as one left-to-right range: "08:00–12:00" in both languages.
        { date: slotDateText(intl, date), part: partName(intl, part).toLowerCase(), hours: isolateLtr(slot ? `${slot.from}–${slot.to}` : '') },
      ),
    ],
    ['boost.summary.method', methodName(intl, method.method)],
    [
      'boost.summary.price',
      <>
        <Amount text={pack.price.withCurrency} />
        {discounted ? (
          <>
            {' '}
            <s className="pack-option__list-price">
              <Amount text={pack.listPrice.withCurrency} />
            </s>
          </>
        ) : null}
      </>,
    ],
    ['checkout.summary.extraFee', balance ? '—' : <Amount text={method.extraFee.withCurrency} />],
    ['checkout.summary.total', <bdi>{totalText(intl, pack, method)}</bdi>],
  ];
  return (
    <section className="boost__summary" aria-labelledby="boost-summary">
      <h2 id="boost-summary">{intl.formatMessage({ id: 'checkout.summary.title' })}</h2>
      <dl className="boost__summary-rows">
        {rows.map(([key, value]) => (
          <div key={key} className={key === 'checkout.summary.total' ? 'boost__summary-total' : undefined}>
            <dt>{intl.formatMessage({ id: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {slot ? <p className="checkout__note">{intl.formatMessage({ id: 'boost.start.random' }, { date: slotDateText(intl, date), from: isolateLtr(slot.from), to: isolateLtr(slot.to) })}</p> : null}
    </section>
  );
}

function Ineligible({ offer }: { offer: VasOffer }) {
  const intl = useIntl();
  const language = useLanguage();
  const photo = offer.ineligibleReason === 'PACK_REQUIRES_IMAGE';
  return (
    <section className="boost__ineligible" role="alert" aria-labelledby="boost-ineligible">
      <h2 id="boost-ineligible">{intl.formatMessage({ id: 'boost.ineligible.title' })}</h2>
      <p>{intl.formatMessage({ id: photo ? 'vas.error.imageRequired' : 'boost.ineligible.notActive' })}</p>
      <p className="payment-result__actions">
        {photo ? (
          <Link className={buttonClass({ weight: 'primary' })} to={localized(language, myAdEditPath(offer.adId, PHOTOS_STEP))}>
            {intl.formatMessage({ id: 'boost.ineligible.addPhoto' })}
          </Link>
        ) : null}
        <Link className={buttonClass()} to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
          {intl.formatMessage({ id: 'checkout.backToMyAds' })}
        </Link>
      </p>
    </section>
  );
}

/** The code of an order placed here, asked about until it is paid (then the success page) or expires. */
function PlacedCode({ order, onOtherMethod }: { order: PaymentOrder; onOtherMethod: () => void }) {
  const language = useLanguage();
  const navigate = useNavigate();
  const { currentData, refetch, isFetching } = useGetMyPaymentOrderQuery({ id: order.id }, { pollingInterval: PAYMENT_POLL_MS });
  const status = currentData?.status;
  useEffect(() => {
    if (status === 'paid') void navigate(orderResultPath(language, 'success', order.id), { replace: true });
    if (status === 'expired') void navigate(orderResultPath(language, 'failure', order.id), { replace: true });
  }, [status, navigate, language, order.id]);
  return <PaymentCode order={currentData ?? order} purpose="pack" checking={isFetching} onCheck={() => void refetch()} onRenew={onOtherMethod} />;
}

function Boost({ adId }: { adId: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  // The choices as the address says them, kept here too: a choice shows at once, while the
  // router's navigation that writes it into the address is still in its transition; the
  // address read again (the back button, a link) replaces them.
  const [params, setParams] = useState(() => new URLSearchParams(search));
  const [seen, setSeen] = useState(() => search.toString());
  if (search.toString() !== seen) {
    setSeen(search.toString());
    setParams(new URLSearchParams(search));
  }
  const [placed, setPlaced] = useState<PaymentOrder | undefined>();
  const [redirecting, setRedirecting] = useState(false);
  // When the page opened: enough to tell whether the last pack still runs.
  const [now] = useState(() => Date.now());
  const [orderPack, ordering] = useOrderVasPackMutation();
  const { currentData: offer, isError, error, refetch } = useGetVasPacksQuery({ adId }, { refetchOnMountOrArgChange: true });

  if (isError && !offer) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!offer) return <Loader label={intl.formatMessage({ id: 'boost.loading' })} />;
  if (!offer.eligible) return <Ineligible offer={offer} />;

  // What the address says was chosen, kept only when the offer has it.
  const pack = offer.packs.find((p) => p.id === params.get('pack'));
  const days = slotDays(offer.slots.earliestDate, offer.slots.latestDate);
  const wantedDate = params.get('date') ?? '';
  const date = days.includes(wantedDate) ? wantedDate : offer.slots.earliestDate;
  // A part is kept only on a date it is open (the first day's morning may be less than a day away).
  const part = offer.slots.parts.find((p) => p.id === params.get('part') && p.earliestDate <= date)?.id ?? '';
  const methodOffer = offer.methods.find((m) => m.method === params.get('method'));
  const method = methodOffer && balanceProblem(offer, pack, methodOffer) === undefined ? methodOffer : undefined;
  // The step asked for, but never past one whose choice is missing.
  const ready: Record<Step, boolean> = { pack: true, start: pack !== undefined, method: pack !== undefined && part !== '', summary: pack !== undefined && part !== '' && method !== undefined };
  const asked = STEPS.find((s) => s === params.get('step')) ?? 'pack';
  const step = STEPS.slice(0, STEPS.indexOf(asked) + 1).filter((s) => ready[s]).pop() ?? 'pack';
  const index = STEPS.indexOf(step);

  const choose = (choice: BoostChoice, replace = true) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(choice) as [string, string | undefined][]) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
    setSearch(next, { replace });
  };
  const goTo = (target: Step) => {
    // The chosen day goes into the address with the start step, so that the summary reads it.
    choose({ step: target, date: target === 'pack' ? undefined : date }, false);
  };
  const pay = () => {
    if (!pack || !method) return;
    orderPack({ adId, packId: pack.id, slotDate: date, slotPart: part, method: method.method })
      .unwrap()
      .then((order) => {
        if (order.status === 'paid') void navigate(orderResultPath(language, 'success', order.id));
        else if (order.redirectUrl) {
          setRedirecting(true);
          providerPage.open(order.redirectUrl);
        } else if (paysWithCode(order.method)) setPlaced(order);
        else void navigate(orderResultPath(language, 'success', order.id));
      })
      .catch((failure: unknown) => {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, failure), key: 'boost' }));
        // The offer may have changed (a balance, the slots): read it again.
        if (isGatewayError(failure) && failure.code !== 'NETWORK_ERROR') void refetch();
      });
  };
  const stepNames = STEPS.map((s) => intl.formatMessage({ id: `boost.step.${s}` as MessageId }));

  if (placed) {
    return (
      <>
        <Stepper steps={stepNames} current={STEPS.length} label={intl.formatMessage({ id: 'boost.steps' })} />
        <PlacedCode
          order={placed}
          onOtherMethod={() => {
            setPlaced(undefined);
            choose({ step: 'method', method: undefined }, false);
          }}
        />
      </>
    );
  }
  const current = offer.lastAppliedVasPack;
  const canGoOn = index < STEPS.length - 1 && ready[STEPS[index + 1] ?? 'pack'];
  return (
    <>
      <p className="boost__intro">
        {intl.formatMessage({ id: 'boost.intro' }, { title: <UserText key="title" text={offer.title} /> })}
      </p>
      {current && new Date(current.endDate).getTime() > now ? (
        <p className="boost__current">
          <Icon name="check" size={18} />
          {intl.formatMessage(
            { id: 'boost.current' },
            { name: current.name, from: intl.formatDate(current.startDate, { dateStyle: 'medium' }), to: intl.formatDate(current.endDate, { dateStyle: 'medium' }) },
          )}
        </p>
      ) : null}
      <Stepper steps={stepNames} current={index + 1} label={intl.formatMessage({ id: 'boost.steps' })} />
      {step === 'pack' ? <PackStep offer={offer} chosen={pack?.id ?? ''} onChoose={(id) => { choose({ pack: id }); }} /> : null}
      {step === 'start' ? <StartStep offer={offer} date={date} part={part} onChange={(choice) => { choose(choice); }} /> : null}
      {step === 'method' ? <MethodStep offer={offer} pack={pack} method={method?.method ?? ''} onChoose={(m) => { choose({ method: m }); }} /> : null}
      {step === 'summary' && pack && method ? <Summary offer={offer} pack={pack} date={date} part={part} method={method} /> : null}
      <div className="boost__actions">
        {index > 0 ? (
          <button type="button" className={buttonClass({ weight: 'ghost' })} onClick={() => { goTo(STEPS[index - 1] ?? 'pack'); }}>
            {intl.formatMessage({ id: 'boost.back' })}
          </button>
        ) : null}
        {pack ? (
          <p className="boost__running-total">
            <span>{packName(intl, pack.kind, pack.durationDays)}</span>
            <strong>
              <bdi>{totalText(intl, pack, method)}</bdi>
            </strong>
          </p>
        ) : null}
        {step === 'summary' && pack && method ? (
          <button type="button" className={buttonClass({ weight: 'primary' })} onClick={pay} disabled={ordering.isLoading || redirecting}>
            {method.method === 'cc'
              ? intl.formatMessage({ id: 'boost.pay.cc' }, { total: isolateLtr(totalText(intl, pack, method)) })
              : method.method === 'points' || method.method === 'avitoken'
                ? intl.formatMessage({ id: 'boost.pay.balance' })
                : intl.formatMessage({ id: 'checkout.order' })}
          </button>
        ) : (
          <button type="button" className={buttonClass({ weight: 'primary' })} disabled={!canGoOn} onClick={() => { goTo(STEPS[index + 1] ?? 'summary'); }}>
            {intl.formatMessage({ id: 'boost.next' })}
          </button>
        )}
      </div>
      {redirecting ? <Loader label={intl.formatMessage({ id: 'boost.redirecting' })} /> : null}
    </>
  );
}

export default function BoostPage() {
  const intl = useIntl();
  const language = useLanguage();
  const [search] = useSearchParams();
  const adId = (search.get('ad') ?? '').trim();
  useDocumentTitle(intl.formatMessage({ id: 'boost.documentTitle' }));
  return (
    <div className="page boost">
      <h1>{intl.formatMessage({ id: 'boost.title' })}</h1>
      {adId === '' ? (
        <>
          <p className="empty">{intl.formatMessage({ id: 'boost.noAd' })}</p>
          <Link className={buttonClass()} to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
            {intl.formatMessage({ id: 'checkout.backToMyAds' })}
          </Link>
        </>
      ) : (
        <Boost key={adId} adId={adId} />
      )}
    </div>
  );
}
