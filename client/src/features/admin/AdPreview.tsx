// The whole of a waiting ad as the moderator judges it: why it waits (new, edit, appeal) and
// for how long against the 60-minute promise, the automatic checks' flags, the photos (one large,
// the others as thumbnails to switch to), title, price, category, city, the category's
// parameters, the description, for an edit the fields the seller changed (before → after), and
// the seller with the entry point to act as them. Every text the seller wrote is isolated
// (UserText) so that it reads right in both languages.

import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Amount, PriceText } from '../../ui/Price';
import { UserText } from '../../ui/UserText';
import { ActAsUser } from './ActAsUser';
import { FlagList, KindBadge, Waiting } from './QueueBits';
import type { QueueItem } from './moderationApi';

/** The edited fields a moderator compares: the ones the seller reads on the ad. */
type Compared = 'title' | 'description' | 'price';

function EditedFields({ item }: { item: QueueItem }) {
  const intl = useIntl();
  const edit = item.pendingEdit;
  if (!edit) return null;
  const newPrice = typeof edit.price === 'number' ? edit.price : null;
  const rows: { field: Compared; before: ReactNode; after: ReactNode }[] = [];
  if (typeof edit.title === 'string' && edit.title !== item.ad.title) {
    rows.push({ field: 'title', before: <UserText text={item.ad.title} />, after: <UserText text={edit.title} /> });
  }
  if (typeof edit.description === 'string' && edit.description !== item.ad.description) {
    rows.push({ field: 'description', before: <UserText text={item.ad.description} />, after: <UserText text={edit.description} /> });
  }
  if ('price' in edit && newPrice !== (item.ad.price?.value ?? null)) {
    rows.push({
      field: 'price',
      before: <PriceText price={item.ad.price} />,
      after: newPrice === null ? intl.formatMessage({ id: 'ad.price.none' }) : <Amount text={`${intl.formatNumber(newPrice)} DH`} />,
    });
  }
  return (
    <section className="admin-preview__edit" aria-labelledby="admin-edit-title">
      <h3 id="admin-edit-title" className="admin-preview__subtitle">
        {intl.formatMessage({ id: 'admin.edit.title' })}
      </h3>
      {rows.length === 0 ? (
        <p className="admin-preview__note">{intl.formatMessage({ id: 'admin.edit.sameText' })}</p>
      ) : (
        <dl className="admin-preview__changes">
          {rows.map((row) => (
            <div key={row.field} className="admin-preview__change">
              <dt>{intl.formatMessage({ id: `admin.edit.field.${row.field}` })}</dt>
              <dd>
                <span className="admin-preview__before">
                  <span className="admin-preview__label">{intl.formatMessage({ id: 'admin.edit.before' })}</span> {row.before}
                </span>
                <span className="admin-preview__after">
                  <span className="admin-preview__label">{intl.formatMessage({ id: 'admin.edit.after' })}</span> {row.after}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Photos({ item }: { item: QueueItem }) {
  const intl = useIntl();
  const [shown, setShown] = useState(0);
  const images = item.ad.images;
  if (images.length === 0) return <div className="admin-preview__nophoto">{intl.formatMessage({ id: 'admin.preview.noPhoto' })}</div>;
  const current = images[Math.min(shown, images.length - 1)];
  return (
    <div className="admin-preview__photos">
      {current ? (
        <img
          className="admin-preview__photo"
          src={current.large}
          alt={intl.formatMessage({ id: 'admin.preview.photo' }, { n: Math.min(shown, images.length - 1) + 1, total: images.length })}
        />
      ) : null}
      {images.length > 1 ? (
        <ul className="admin-preview__thumbs" aria-label={intl.formatMessage({ id: 'admin.preview.photos' })}>
          {images.map((image, index) => (
            <li key={image.mediaId || image.thumb}>
              <button
                type="button"
                className="admin-preview__thumb"
                aria-pressed={index === shown}
                aria-label={intl.formatMessage({ id: 'admin.preview.photo' }, { n: index + 1, total: images.length })}
                onClick={() => {
                  setShown(index);
                }}
              >
                <img src={image.thumb} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function AdPreview({ item, waited }: { item: QueueItem; waited: number }) {
  const intl = useIntl();
  const { ad, seller } = item;
  return (
    <article className="admin-preview__ad" aria-labelledby="admin-preview-title">
      <div className="admin-preview__status">
        <KindBadge kind={item.kind} />
        <Waiting seconds={waited} />
      </div>
      <FlagList flags={item.flags} />
      {/* Keyed by ad: another ad opens on its first photo. */}
      <Photos key={ad.adId} item={item} />
      <h2 id="admin-preview-title" className="admin-preview__title">
        <UserText text={ad.title} />
      </h2>
      <p className="admin-preview__price">
        <PriceText price={ad.price} />
      </p>
      <p className="admin-preview__where">
        {intl.formatMessage(
          { id: 'admin.preview.where' },
          { category: ad.category.name, kind: ad.type.name, city: ad.area ? `${ad.city.name} – ${ad.area.name}` : ad.city.name },
        )}
      </p>
      <EditedFields item={item} />
      {ad.params.length > 0 ? (
        <dl className="admin-preview__params" aria-label={intl.formatMessage({ id: 'admin.preview.params' })}>
          {ad.params.map((param) => (
            <div key={param.key} className="admin-preview__param">
              <dt>{param.label}</dt>
              <dd>
                <UserText text={param.unit ? `${param.valueLabel} ${param.unit}` : param.valueLabel} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <section aria-labelledby="admin-description-title">
        <h3 id="admin-description-title" className="admin-preview__subtitle">
          {intl.formatMessage({ id: 'admin.preview.description' })}
        </h3>
        <p className="admin-preview__description">
          <UserText text={ad.description} />
        </p>
      </section>
      <section className="admin-preview__seller" aria-labelledby="admin-seller-title">
        <h3 id="admin-seller-title" className="admin-preview__subtitle">
          {intl.formatMessage({ id: 'admin.preview.seller' })}
        </h3>
        {seller ? (
          <div className="admin-seller">
            <p className="admin-seller__name">
              <UserText text={seller.name} />
              {seller.isVerifiedSeller ? <span className="admin-badge admin-badge--ok">{intl.formatMessage({ id: 'admin.seller.verified' })}</span> : null}
            </p>
            <p className="admin-seller__meta">
              {intl.formatMessage(
                { id: 'admin.seller.meta' },
                {
                  kind: intl.formatMessage({ id: seller.type === 'shop' ? 'admin.seller.shop' : 'admin.seller.private' }),
                  date: intl.formatDate(seller.memberSince, { day: 'numeric', month: 'long', year: 'numeric' }),
                },
              )}
            </p>
            <ActAsUser seller={seller} />
          </div>
        ) : (
          <p className="admin-preview__note">{intl.formatMessage({ id: 'admin.seller.gone' })}</p>
        )}
      </section>
    </article>
  );
}
