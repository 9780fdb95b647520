// The seller box of the ad view: name (shop or private), verified seller, member since.

import { useIntl } from 'react-intl';
import type { Seller } from '../../api/ads';

export function SellerSummary({ seller }: { seller: Seller }) {
  const intl = useIntl();
  const since = new Date(seller.memberSince);
  return (
    <section className="seller" aria-label={intl.formatMessage({ id: 'ad.seller.label' })}>
      {seller.logo ? <img className="seller__logo" src={seller.logo} alt="" /> : null}
      <p className="seller__name">{seller.name}</p>
      <p>{intl.formatMessage({ id: seller.type === 'shop' ? 'ad.seller.shop' : 'ad.seller.private' })}</p>
      {seller.isVerifiedSeller ? <p className="seller__verified">{intl.formatMessage({ id: 'ad.seller.verified' })}</p> : null}
      {Number.isNaN(since.getTime()) ? null : (
        <p>{intl.formatMessage({ id: 'ad.seller.memberSince' }, { date: intl.formatDate(since, { month: 'long', year: 'numeric' }) })}</p>
      )}
    </section>
  );
}
