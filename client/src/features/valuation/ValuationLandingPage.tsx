// The car valuation's landing page (/cotation-voiture; issue 25, docs/valuation.md): what the
// estimate is made from, the three outputs it gives, the per-user limit as the server serves it,
// and the way in (/estimation) and to "my estimations".

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetValuationRulesQuery } from '../../api/valuation';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import './valuation.css';

export default function ValuationLandingPage() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'valuation.landing.documentTitle' }));
  const { data: rules } = useGetValuationRulesQuery(undefined);
  const points = ['valuation.landing.point.listings', 'valuation.landing.point.values', 'valuation.landing.point.email'] as const;
  return (
    <main className="valuation valuation-landing">
      <section className="valuation-landing__hero">
        <h1>{intl.formatMessage({ id: 'valuation.landing.title' })}</h1>
        <p className="valuation-landing__lead">{intl.formatMessage({ id: 'valuation.landing.lead' })}</p>
        <div className="valuation-landing__actions">
          <Link className="button button--primary" to={localized(language, PATHS.valuationSteps)}>
            {intl.formatMessage({ id: 'valuation.landing.start' })}
          </Link>
          <Link className="button" to={localized(language, PATHS.myValuations)}>
            {intl.formatMessage({ id: 'valuation.mine.title' })}
          </Link>
        </div>
      </section>
      <ol className="valuation-landing__points">
        {points.map((id, index) => (
          <li key={id} className="valuation-landing__point">
            <span className="valuation-landing__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>{intl.formatMessage({ id })}</span>
          </li>
        ))}
      </ol>
      {rules ? (
        <p className="valuation-landing__limit">
          {intl.formatMessage({ id: 'valuation.landing.limit' }, { max: rules.limitPerAccount, days: rules.windowDays })}
        </p>
      ) : null}
    </main>
  );
}
