// One result of the listing, in a grid or a list: photo, title linking to the ad, price, city,
// date, labels, and the "Premium" mark of the premium slots.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Ad } from '../../api/ads';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import { PriceText } from '../../ui/Price';
import { adPath } from '../ads/adPaths';
import { UserText } from '../../ui/UserText';

/** `firstOnScreen`: the card is visible without scrolling, so its photo is fetched at once and
 *  first (it is the page's largest paint), not lazily. */
export function ListingCard({ ad, premium = false, firstOnScreen = false }: { ad: Ad; premium?: boolean; firstOnScreen?: boolean }) {
  const intl = useIntl();
  const language = useLanguage();
  const labels: string[] = [];
  if (premium) labels.push(intl.formatMessage({ id: 'listing.premium' }));
  if (ad.urgent) labels.push(intl.formatMessage({ id: 'ad.label.urgent' }));
  if (ad.hotdeal) labels.push(intl.formatMessage({ id: 'ad.label.hotdeal' }, { discount: ad.discount ?? 0 }));
  if (ad.delivery) labels.push(intl.formatMessage({ id: 'ad.label.delivery' }));
  return (
    <article className={premium ? 'listing-card listing-card--premium' : 'listing-card'}>
      {ad.image ? (
        <img
          className="listing-card__image"
          src={ad.image}
          alt=""
          loading={firstOnScreen ? 'eager' : 'lazy'}
          fetchPriority={firstOnScreen ? 'high' : 'auto'}
          width="320"
          height="240"
        />
      ) : (
        <div className="listing-card__image" aria-hidden="true" />
      )}
      <div className="listing-card__body">
        <h2 className="listing-card__title" dir="auto">
          <Link to={localized(language, adPath(ad.listId))}>
            <UserText text={ad.title} />
          </Link>
        </h2>
        <p className="listing-card__price">
          <PriceText price={ad.price} />
        </p>
        <p className="listing-card__meta">
          {ad.city.name} · {intl.formatDate(new Date(ad.publishedAt), { dateStyle: 'medium' })}
        </p>
        {labels.length > 0 ? (
          <ul className="ad-labels">
            {labels.map((label) => (
              <li key={label} className="ad-label">
                {label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
