// Spec §2 shop banner: the shop's points and when they expire (or since when they have
// expired), its tokens, its subscription's end and its membership. The balances are
// getMyBalances' (docs/payments.md); while they cannot be read, the points are getCurrentUser's
// shop (getMyStoreInfo's fields) and the tokens are not shown. A banner that cannot load says so
// in one line; it never hides the tab below it.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useGetMyBalancesQuery } from '../../api/payments';
import { Loader } from '../../ui/Loader';
import { useCurrentUser } from './useCurrentUser';

/** The plans a shop signs up with (signup.plan.*): their name in the page's language. */
const PLAN_KEYS: Record<string, 'signup.plan.starter' | 'signup.plan.standard' | 'signup.plan.premium'> = {
  starter: 'signup.plan.starter',
  standard: 'signup.plan.standard',
  premium: 'signup.plan.premium',
};

/** A membership named as a plan is worded in the page's language; any other name as stored. */
function membershipLabel(intl: ReturnType<typeof useIntl>, name: string): string {
  const key = PLAN_KEYS[name.trim().toLowerCase()];
  return key ? intl.formatMessage({ id: key }) : name;
}

export function ShopBanner() {
  const intl = useIntl();
  // When the banner first shows: enough to tell an ended subscription.
  const [now] = useState(() => Date.now());
  const { currentData, isError } = useCurrentUser();
  const balances = useGetMyBalancesQuery(undefined, { skip: !currentData?.shopInfo }).currentData;
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
  const date = (at: number | string) => intl.formatDate(at, { day: 'numeric', month: 'long', year: 'numeric' });
  const expired = shop.expiryDate * 1000 < now;
  const points = balances
    ? { count: balances.points.count, expiry: balances.points.expiryDate, expired: balances.points.expired }
    : { count: shop.points.count, expiry: shop.points.expiryDate === null ? null : shop.points.expiryDate * 1000, expired: false };
  return (
    <section className="banner shop-banner" aria-label={label}>
      <dl className="shop-banner__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.points' })}</dt>
          <dd className={points.expired ? 'shop-banner__expired' : undefined}>
            {intl.formatMessage({ id: 'shopBanner.pointsCount' }, { count: points.count })}
            {points.expiry !== null
              ? ` · ${intl.formatMessage({ id: points.expired ? 'shopBanner.pointsExpired' : 'shopBanner.pointsExpiry' }, { date: date(points.expiry) })}`
              : ''}
          </dd>
        </div>
        {balances ? (
          <div>
            <dt>{intl.formatMessage({ id: 'shopBanner.tokens' })}</dt>
            <dd>{intl.formatMessage({ id: 'boost.tokensCount' }, { count: balances.tokens.count })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.subscription' })}</dt>
          <dd>
            {intl.formatMessage({ id: expired ? 'shopBanner.expired' : 'shopBanner.expires' }, { date: date(shop.expiryDate * 1000) })}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'shopBanner.membership' })}</dt>
          <dd>{membershipLabel(intl, shop.membership.name)}</dd>
        </div>
      </dl>
    </section>
  );
}
