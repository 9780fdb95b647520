// The ad view's loan simulator (spec §2; issue 25, docs/credit.md): a card in the side column of a
// priced vehicle or real-estate ad. The price is the ad's; the rate and durations are the
// server's terms for the ad's group (getLoanOffer); the monthly payment moves live with the down
// payment and the duration, computed by loan.ts exactly as the server does. Spec §5's down
// payment rules show under the field in the page's language. "Demander un crédit pré-approuvé"
// opens the request form (CreditRequestDialog) behind the login wall. Ads the simulator is not
// offered for (getLoanOffer answers null) show nothing.

import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useGetLoanOfferQuery, type LoanOffer } from '../../api/credit';
import { Amount } from '../../ui/Price';
import { TextField } from '../../ui/TextField';
import { useRequireSignIn } from '../auth/loginWall';
import { downPaymentProblem, loanFigures, ratePercent, wholeNumber, withCurrency } from './loan';
import './credit.css';

const CreditRequestDialog = lazy(() => import(/* webpackChunkName: "credit" */ './CreditRequestDialog'));

export function LoanSimulator({ listId }: { listId: number }) {
  const { currentData: offer } = useGetLoanOfferQuery({ listId });
  if (!offer) return null;
  return <SimulatorCard key={listId} offer={offer} />;
}

/**
 * A figure isolated from the sentence around it and laid out left to right, so that "80 000 DH"
 * and "6,50 %" read so in an Arabic sentence too (a rate has no letter to tell its direction).
 */
function bdi(text: string): ReactNode {
  return (
    <bdi className="amount" dir="ltr">
      {text}
    </bdi>
  );
}

export function SimulatorCard({ offer }: { offer: LoanOffer }) {
  const intl = useIntl();
  const titleId = useId();
  const requireSignIn = useRequireSignIn();
  const priceDh = Math.floor(offer.price.centimes / 100);
  const [downText, setDownText] = useState(String(offer.defaultDownPayment));
  const [months, setMonths] = useState(offer.defaultMonths);
  const [requesting, setRequesting] = useState(false);
  const down = wholeNumber(downText);
  const problem = downPaymentProblem(priceDh, down);
  const figures = problem === undefined && down !== undefined ? loanFigures(priceDh, down, months, offer.rateBasisPoints) : undefined;
  const rate = `${ratePercent(offer.rateBasisPoints)} %`;
  const step = Math.max(1, Math.round(priceDh / 100));
  return (
    <section className="credit-simulator" aria-labelledby={titleId}>
      <h2 id={titleId} className="credit-simulator__title">
        {intl.formatMessage({ id: 'credit.simulator.title' })}
      </h2>
      <p className="credit-simulator__row">
        <span>{intl.formatMessage({ id: 'credit.simulator.price' })}</span>
        <Amount text={offer.price.withCurrency} />
      </p>
      <TextField
        label={intl.formatMessage({ id: 'credit.simulator.downPayment' })}
        inputMode="numeric"
        dir="ltr"
        value={downText}
        onValueChange={setDownText}
        problem={problem}
      />
      <input
        type="range"
        className="credit-simulator__range"
        aria-label={intl.formatMessage({ id: 'credit.simulator.downPaymentSlider' })}
        min={0}
        max={priceDh}
        step={step}
        value={Math.min(Math.max(down ?? 0, 0), priceDh)}
        onChange={(event) => {
          setDownText(event.target.value);
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${titleId}-months`}>
          {intl.formatMessage({ id: 'credit.simulator.duration' })}
        </label>
        <select
          id={`${titleId}-months`}
          className="field__input"
          value={String(months)}
          onChange={(event) => {
            setMonths(Number(event.target.value));
          }}
        >
          {offer.durations.map((n) => (
            <option key={n} value={n}>
              {intl.formatMessage({ id: 'credit.simulator.months' }, { n })}
            </option>
          ))}
        </select>
      </div>
      <p className="credit-simulator__row">
        <span>{intl.formatMessage({ id: 'credit.simulator.rate' })}</span>
        <bdi dir="ltr">{rate}</bdi>
      </p>
      <output className="credit-simulator__result" aria-live="polite" aria-label={intl.formatMessage({ id: 'credit.simulator.monthly' })}>
        {figures ? (
          <>
            <span className="credit-simulator__monthly-label">{intl.formatMessage({ id: 'credit.simulator.monthly' })}</span>
            <span className="credit-simulator__monthly" data-testid="monthly-payment">
              <Amount text={withCurrency(figures.monthlyPayment)} />
              <span className="credit-simulator__per-month"> {intl.formatMessage({ id: 'credit.simulator.perMonth' })}</span>
            </span>
            <span className="credit-simulator__detail">
              {intl.formatMessage({ id: 'credit.simulator.amount' })} <Amount text={withCurrency(figures.principal)} />
            </span>
            <span className="credit-simulator__detail">
              {intl.formatMessage({ id: 'credit.simulator.totalCost' })} <Amount text={withCurrency(figures.totalCost)} />
            </span>
          </>
        ) : (
          <span className="credit-simulator__detail">{intl.formatMessage({ id: 'credit.simulator.fix' })}</span>
        )}
      </output>
      {figures && figures.principal > 0 ? (
        <p className="credit-simulator__illustration">
          {intl.formatMessage(
            { id: 'credit.simulator.illustration' },
            {
              price: bdi(withCurrency(figures.principal)),
              n: months,
              rate: bdi(rate),
              value: bdi(withCurrency(figures.monthlyPayment)),
              total: bdi(withCurrency(figures.totalRepaid)),
            },
          )}
        </p>
      ) : null}
      <p className="credit-simulator__notice">{intl.formatMessage({ id: 'credit.simulator.notice' })}</p>
      <button
        type="button"
        className="button button--primary credit-simulator__request"
        disabled={!figures || figures.principal === 0}
        onClick={() => {
          requireSignIn(() => {
            setRequesting(true);
          });
        }}
      >
        {intl.formatMessage({ id: 'credit.simulator.request' })}
      </button>
      {requesting && down !== undefined ? (
        <Suspense fallback={null}>
          <CreditRequestDialog
            offer={offer}
            downPayment={down}
            months={months}
            onClose={() => {
              setRequesting(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
