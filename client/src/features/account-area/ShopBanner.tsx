// Spec §2 shop banner: the shop's points and when they expire, its subscription's end and its
// membership, from getCurrentUser's shop (getMyStoreInfo's fields). A banner that cannot load
// says so in one line; it never hides the tab below it.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Loader } from '../../ui/Loader';
import { useCurrentUser } from './useCurrentUser';

export function ShopBanner() {
  const intl = useIntl();
  // When the banner first shows: enough to tell an ended subscription.
  const [now] = useState(() => Date.now());
  const { currentData, isError } = useCurrentUser();
  const label = intl.formatMessage({ id: 'shopBanner.label' });
  if (isError && !currentData) {
    return (
      <section className="banner" aria-label={label}>
        <p>{intl.formatMessage({ id: 'shopBanner.error' })}</p>
      </section>
    );
  }
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'shopBanner.loading' })} />;
  const shop = currentData.shopInfo;
  if (!shop) return null;
  const date = (seconds: number) => intl.formatDate(seconds * 1000, { day: 'numeric', month: 'long', year: 'numeric' });
  const expired = shop.expiryDate * 1000 < now;
  return (
    <section className="banner shop-banner" aria-label={label}>
      <dl className="shop-banner__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.points' })}</dt>
          <dd>
            {intl.formatMessage({ id: 'shopBanner.pointsCount' }, { count: shop.points.count })}
            {shop.points.expiryDate !== null
              ? ` · ${intl.formatMessage({ id: 'shopBanner.pointsExpiry' }, { date: date(shop.points.expiryDate) })}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.subscription' })}</dt>
          <dd>
            {intl.formatMessage({ id: expired ? 'shopBanner.expired' : 'shopBanner.expires' }, { date: date(shop.expiryDate) })}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.membership' })}</dt>
          <dd>{shop.membership.name}</dd>
        </div>
      </dl>
    </section>
  );
}
