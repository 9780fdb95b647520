// The home page (routes /, /home and their /fr, /ar forms): the marketplace's promise, the large
// search bar and the homepage figures, the latest ads with photos and the premium gallery ads,
// the category directory of the four verticals (getCategories) and the popular cities.

import { useIntl } from 'react-intl';
import { useLanguage } from '../../app/i18n';
import { useGetCategoriesQuery } from '../../api/catalog';
import { isServerError } from '../../api/gateway';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Skeleton, SkeletonStatus } from '../../ui/Skeleton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SearchBar } from '../search/SearchBar';
import { CategoryDirectory } from './CategoryDirectory';
import { HomeFigures } from './HomeFigures';
import { LatestAds } from './LatestAds';
import { PopularCities } from './PopularCities';
import { PremiumAds } from './PremiumAds';

export default function HomePage() {
  const intl = useIntl();
  const language = useLanguage();
  const { currentData, error, isError, refetch } = useGetCategoriesQuery({ lang: language });
  // The categories are the page's main data: a server failure is the 500 page.
  const serverFailed = isError && !currentData && isServerError(error);
  useDocumentTitle(serverFailed ? undefined : intl.formatMessage({ id: 'home.documentTitle' }));
  if (serverFailed) return <RouteError error={error} onRetry={() => void refetch()} />;

  let content;
  if (currentData) {
    content = <CategoryDirectory categories={currentData} language={language} />;
  } else if (isError) {
    content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  } else {
    content = (
      <SkeletonStatus label={intl.formatMessage({ id: 'home.categories.loading' })} className="verticals">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="vertical">
            <Skeleton width="45%" height="1.6rem" />
            <Skeleton width="90%" />
            <Skeleton width="75%" />
            <Skeleton width="60%" />
          </div>
        ))}
      </SkeletonStatus>
    );
  }

  // The ads come first, their placeholders holding their place; the cities wait for the
  // directory above them, so that nothing already on screen moves when they arrive (layout
  // shift).
  return (
    <div className="page home">
      <div className="home__intro home-hero">
        <h1 className="home-hero__title">{intl.formatMessage({ id: 'home.title' })}</h1>
        <p className="home-hero__subtitle">{intl.formatMessage({ id: 'home.hero.subtitle' })}</p>
        <SearchBar variant="hero" />
        <HomeFigures />
      </div>
      <LatestAds />
      <PremiumAds />
      {content}
      {currentData ? <PopularCities /> : null}
    </div>
  );
}
