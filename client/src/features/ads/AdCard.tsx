// One ad in a grid or list (home premium ads, related ads, saved ads): photo, title, price,
// city, linking to the ad view in the current language.

import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import type { Price } from '../../api/ads';
import { PriceText } from '../../ui/Price';
import { adPath } from './adPaths';
import { UserText } from '../../ui/UserText';

export interface AdCardProps {
  listId: number;
  title: string;
  image: string | null;
  price: Price | null;
  city?: string;
}

export function AdCard({ listId, title, image, price, city }: AdCardProps) {
  const language = useLanguage();
  return (
    <article className="ad-card">
      {image ? <img className="ad-card__image" src={image} alt="" loading="lazy" /> : <div className="ad-card__image" aria-hidden="true" />}
      <h3 className="ad-card__title" dir="auto">
        <Link to={localized(language, adPath(listId))}>
          <UserText text={title} />
        </Link>
      </h3>
      <p className="ad-card__price">
        <PriceText price={price} />
      </p>
      {city ? <p className="ad-card__city">{city}</p> : null}
    </article>
  );
}

/** A titled section of ad cards; nothing when there are none. */
export function AdCardSection({ title, ads }: { title: string; ads: { listId: number; title: string; image: string | null; price: Price | null; city?: { name: string } }[] }) {
  if (ads.length === 0) return null;
  return (
    <section className="ad-cards" aria-label={title}>
      <h2>{title}</h2>
      <div className="ad-cards__grid">
        {ads.map((ad) => (
          <AdCard key={ad.listId} listId={ad.listId} title={ad.title} image={ad.image} price={ad.price} city={ad.city?.name} />
        ))}
      </div>
    </section>
  );
}
