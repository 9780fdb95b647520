// One estimate (spec §3 valuation output): the value range, the reference, ad and transaction
// values, the negotiation margin, rotation delay, model attractiveness, new-car price when known,
// the confidence index and the expiry date; with the button that e-mails it again (spec §4).

import { useIntl } from 'react-intl';
import { useResendValuationEmailMutation, type Valuation } from '../../api/valuation';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Amount } from '../../ui/Price';

function Rating({ value, label }: { value: number; label: string }) {
  return (
    <span className="valuation-rating" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= value ? 'valuation-rating__dot valuation-rating__dot--on' : 'valuation-rating__dot'} aria-hidden="true" />
      ))}
    </span>
  );
}

export function ValuationResult({ valuation, car }: { valuation: Valuation; car: string }) {
  const intl = useIntl();
  const e = valuation.estimate;
  const [resend, resending] = useResendValuationEmailMutation();
  const date = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });
  const row = (label: string, value: React.ReactNode) => (
    <div className="valuation-result__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section className="valuation-result" aria-label={intl.formatMessage({ id: 'valuation.result.title' })}>
      <p className="valuation-result__car">{car}</p>
      <p className="valuation-result__range-label">{intl.formatMessage({ id: 'valuation.result.range' })}</p>
      <p className="valuation-result__range">
        <Amount text={e.low.withCurrency} /> – <Amount text={e.high.withCurrency} />
      </p>
      <dl className="valuation-result__values">
        {row(intl.formatMessage({ id: 'valuation.result.reference' }), <Amount text={e.referenceValue.withCurrency} />)}
        {row(intl.formatMessage({ id: 'valuation.result.ad' }), <Amount text={e.adValue.withCurrency} />)}
        {row(intl.formatMessage({ id: 'valuation.result.transaction' }), <Amount text={e.transactionValue.withCurrency} />)}
        {row(intl.formatMessage({ id: 'valuation.result.margin' }), intl.formatNumber(e.negotiationMarginBasisPoints / 10000, { style: 'percent' }))}
        {row(intl.formatMessage({ id: 'valuation.result.rotation' }), intl.formatMessage({ id: 'valuation.result.days' }, { days: e.rotationDays }))}
        {row(
          intl.formatMessage({ id: 'valuation.result.attractiveness' }),
          <Rating value={e.attractiveness} label={intl.formatMessage({ id: 'valuation.result.outOfFive' }, { n: e.attractiveness })} />,
        )}
        {row(
          intl.formatMessage({ id: 'valuation.result.newPrice' }),
          e.newCarPrice ? <Amount text={e.newCarPrice.withCurrency} /> : intl.formatMessage({ id: 'valuation.result.newPriceUnknown' }),
        )}
        {row(
          intl.formatMessage({ id: 'valuation.result.confidence' }),
          <Rating value={e.confidence} label={intl.formatMessage({ id: 'valuation.result.outOfFive' }, { n: e.confidence })} />,
        )}
        {row(intl.formatMessage({ id: 'valuation.result.expires' }), date(valuation.expiresAt))}
      </dl>
      <p className="valuation-result__basis">
        {intl.formatMessage({ id: e.scope === 'model' ? 'valuation.result.basisModel' : 'valuation.result.basisBrand' }, { count: e.sampleSize })}
      </p>
      <div className="valuation-result__email">
        <p>{intl.formatMessage({ id: 'valuation.result.emailed' }, { email: <bdi key="email">{valuation.email}</bdi> })}</p>
        <button
          type="button"
          className="button"
          disabled={resending.isLoading}
          onClick={() => {
            void resend({ id: valuation.id });
          }}
        >
          {intl.formatMessage({ id: 'valuation.result.resend' })}
        </button>
        {resending.isSuccess ? (
          <p role="status" className="valuation-result__resent">
            {intl.formatMessage({ id: 'valuation.result.resent' })}
          </p>
        ) : null}
        {resending.isError ? <ErrorMessage error={resending.error} /> : null}
      </div>
    </section>
  );
}
