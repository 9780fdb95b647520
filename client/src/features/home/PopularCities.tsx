// The popular cities of the home page (getPopularCitiesFormattedNext: 6 on a phone, 12 on a
// desktop), each linking to its listing, with loading, error and empty states.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetPopularCitiesFormattedNextQuery } from '../../api/catalog';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { useIsMobile } from '../../ui/useIsMobile';
import { cityListingPath } from './categoryTree';

export function PopularCities() {
  const intl = useIntl();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const { currentData, isError, error, refetch } = useGetPopularCitiesFormattedNextQuery({ lang: language, isMobile });
  const headingId = 'popular-cities-heading';

  let content;
  if (currentData?.length === 0) {
    content = <p className="empty-state">{intl.formatMessage({ id: 'home.cities.empty' })}</p>;
  } else if (currentData) {
    content = (
      <ul className="chip-list">
        {currentData.map((city) => (
          <li key={city.value}>
            <Link className="chip" to={cityListingPath(language, city.slug ?? city.label)}>
              {city.label}
            </Link>
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  } else {
    content = <Loader label={intl.formatMessage({ id: 'home.cities.loading' })} />;
  }

  return (
    <section className="popular-cities" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage({ id: 'home.cities.title' })}</h2>
      {content}
    </section>
  );
}
