// The seller box of the ad view: name (shop or private), verified seller, member since.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Seller } from '../../api/ads';
import { useLanguage } from '../../app/i18n';
import { shopPagePath } from '../shops/shopPaths';
import { UserText } from '../../ui/UserText';

export function SellerSummary({ seller }: { seller: Seller }) {
  const intl = useIntl();
  const language = useLanguage();
  const since = new Date(seller.memberSince);
  return (
    <section className="seller" aria-label={intl.formatMessage({ id: 'ad.seller.label' })}>
      {seller.logo ? <img className="seller__logo" src={seller.logo} alt="" /> : null}
      <p className="seller__name">
        <UserText text={seller.name} />
      </p>
      <p>{intl.formatMessage({ id: seller.type === 'shop' ? 'ad.seller.shop' : 'ad.seller.private' })}</p>
      {seller.isVerifiedSeller ? <p className="seller__verified">{intl.formatMessage({ id: 'ad.seller.verified' })}</p> : null}
      {Number.isNaN(since.getTime()) ? null : (
        <p>{intl.formatMessage({ id: 'ad.seller.memberSince' }, { date: intl.formatDate(since, { month: 'long', year: 'numeric' }) })}</p>
      )}
      {seller.type === 'shop' && seller.storeId !== null ? (
        // The server takes the store id as the page's name and answers with the shop's slug.
        <Link to={shopPagePath(language, String(seller.storeId))}>{intl.formatMessage({ id: 'adView.seeShop' })}</Link>
      ) : null}
    </section>
  );
}
