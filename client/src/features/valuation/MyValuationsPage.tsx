// "My estimations" (/mes-estimations/{o?}, /mes-estimations/details/{id?}; issue 25): the
// signed-in account's valuations, newest first, each opening its estimate; one estimate's page
// (thanked for when just made, ?nouvelle=1) with its e-mail resend. Another account's id is
// refused by the server (PERMISSION_DENIED), shown as the error it is.

import { useIntl } from 'react-intl';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useGetCarBrandsQuery } from '../../api/cars';
import { useGetMyValuationsQuery, useGetValuationQuery, type Valuation } from '../../api/valuation';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ValuationResult } from './ValuationResult';
import './valuation.css';

/** "Dacia Logan 2020" from the catalogue's names (the slugs when the catalogue has not come yet). */
function useCarName(): (v: Valuation) => string {
  const brands = useGetCarBrandsQuery(undefined);
  return (v) => {
    const brand = brands.data?.find((b) => b.key === v.brand)?.label ?? v.brand;
    const model = v.model.charAt(0).toUpperCase() + v.model.slice(1).replace(/-/g, ' ');
    return `${brand} ${model} ${v.year}`;
  };
}

export function MyValuationsPage() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'valuation.mine.title' }));
  const { currentData, error, isFetching, refetch } = useGetMyValuationsQuery(undefined);
  const carName = useCarName();
  let body;
  if (error) body = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (!currentData) body = isFetching ? <Loader /> : null;
  else if (currentData.length === 0) body = <p className="valuation-mine__empty">{intl.formatMessage({ id: 'valuation.mine.empty' })}</p>;
  else
    body = (
      <ul className="valuation-mine__list">
        {currentData.map((v) => (
          <li key={v.id} className="valuation-mine__item">
            <Link to={`${localized(language, PATHS.valuationDetails)}/${v.id}`} className="valuation-mine__car">
              {carName(v)}
            </Link>
            <span className="valuation-mine__range">
              <Amount text={v.estimate.low.withCurrency} /> – <Amount text={v.estimate.high.withCurrency} />
            </span>
            <span className="valuation-mine__date">
              {intl.formatMessage({ id: 'valuation.mine.made' }, { date: intl.formatDate(v.createdAt, { day: 'numeric', month: 'short', year: 'numeric' }) })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <main className="valuation valuation-mine">
      <div className="valuation-mine__head">
        <h1>{intl.formatMessage({ id: 'valuation.mine.title' })}</h1>
        <Link className="button button--primary" to={localized(language, PATHS.valuationSteps)}>
          {intl.formatMessage({ id: 'valuation.mine.new' })}
        </Link>
      </div>
      {body}
    </main>
  );
}

export function ValuationDetailsPage() {
  const intl = useIntl();
  const language = useLanguage();
  const { id } = useParams();
  const [search] = useSearchParams();
  useDocumentTitle(intl.formatMessage({ id: 'valuation.result.title' }));
  const { currentData, error, isFetching, refetch } = useGetValuationQuery({ id: id ?? '' }, { skip: !id });
  const carName = useCarName();
  if (!id) return <Navigate to={localized(language, PATHS.myValuations)} replace />;
  const fresh = search.get('nouvelle') === '1';
  return (
    <main className="valuation valuation-details">
      <h1>{intl.formatMessage({ id: fresh ? 'valuation.thanks.title' : 'valuation.result.title' })}</h1>
      {fresh ? <p className="valuation-details__thanks">{intl.formatMessage({ id: 'valuation.thanks.text' })}</p> : null}
      {error ? <ErrorMessage error={error} onRetry={() => void refetch()} /> : null}
      {!currentData && !error && isFetching ? <Loader /> : null}
      {currentData ? <ValuationResult valuation={currentData} car={carName(currentData)} /> : null}
      <Link className="valuation-details__back" to={localized(language, PATHS.myValuations)}>
        {intl.formatMessage({ id: 'valuation.mine.back' })}
      </Link>
    </main>
  );
}
