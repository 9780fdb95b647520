// The home page's latest ads with photos (searchAds: with photos, newest first, the listing's
// first page, so that "see all" opens from the cache): placeholders with the cards' shape while
// they load; nothing when there are none or they fail — like the premium ads, a bonus under the
// search bar, never a blocker of the home page (the category directory carries it).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSearchAdsQuery, type SearchFilters } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { SkeletonCards } from '../../ui/Skeleton';
import { AdCard } from '../ads/AdCard';
import { listingPath, writeQuery } from '../listing/listingUrl';

/** Two rows of four on a desktop, four rows of two on a phone. */
export const LATEST_SHOWN = 8;
const FILTERS: SearchFilters = { withPhotos: true };

export function LatestAds() {
  const intl = useIntl();
  const lang = useLanguage();
  const { currentData, isError } = useSearchAdsQuery({ filters: FILTERS, sort: 'NEWEST', offset: 0, lang });;
  const title = intl.formatMessage({ id: 'home.latest.title' });
  if (isError || currentData?.ads.length === 0) return null;
  let content;
  if (currentData) {
    content = (
      <div className="ad-cards__grid">
        {currentData.ads.slice(0, LATEST_SHOWN).map((ad) => (
          <AdCard key={ad.listId} listId={ad.listId} title={ad.title} image={ad.image} price={ad.price} city={ad.city.name} />
        ))}
      </div>
    );
  } else {
    content = <SkeletonCards label={intl.formatMessage({ id: 'home.latest.loading' })} count={LATEST_SHOWN} />;
  }
  return (
    <section className="ad-cards home-ads" aria-labelledby="home-latest-title">
      <div className="home-ads__head">
        <h2 id="home-latest-title">{title}</h2>
        <Link className="home-ads__all" to={`${listingPath(lang, {})}?${writeQuery(FILTERS, 'NEWEST', 0)}`}>
          {intl.formatMessage({ id: 'home.latest.all' })}
        </Link>
      </div>
      {content}
    </section>
  );
}
