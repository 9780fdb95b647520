// The ad view seen by its owner (spec §2 "Ad view: … boost"): a box that says it is their ad and
// leads to its boost (/checkout/boost?ad=). Nothing for anyone else.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { selectUser } from '../auth/authSlice';
import { boostPath } from '../payment/paymentPaths';

export function OwnerBoost({ adId, status, sellerAccountId }: { adId: string; status: string; sellerAccountId: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  if (user?.accountId !== sellerAccountId || status.toLowerCase() !== 'active') return null;
  return (
    <section className="owner-boost" aria-labelledby="owner-boost">
      <h2 id="owner-boost" className="owner-boost__title">
        {intl.formatMessage({ id: 'ad.owner.title' })}
      </h2>
      <p className="owner-boost__why">{intl.formatMessage({ id: 'ad.owner.why' })}</p>
      <Link className={buttonClass({ weight: 'primary', block: true })} to={boostPath(language, adId)}>
        <Icon name="chevronUp" size={18} />
        {intl.formatMessage({ id: 'ad.owner.boost' })}
      </Link>
    </section>
  );
}
