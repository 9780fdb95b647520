// The contact card of a shop page: its numbers behind "show the number" (each a call link once
// shown; a shop without numbers says so), its address with its city, its website, and a way to
// its ads. Text the shop wrote is isolated (UserText), so an Arabic page keeps a Latin address
// in order.

import { useIntl } from 'react-intl';
import type { Shop } from '../../api/search';
import { errorText } from '../../ui/errorText';
import { Icon } from '../../ui/Icon';
import { UserText } from '../../ui/UserText';
import { useLazyGetShopPhonesQuery } from './shopPhones';

export function ShopContact({ shop }: { shop: Shop }) {
  const intl = useIntl();
  const [show, phones] = useLazyGetShopPhonesQuery();
  const label = intl.formatMessage({ id: 'shopPage.contact' });
  return (
    <section className="shop-contact" aria-label={label}>
      <h2>{label}</h2>
      {phones.currentData ? (
        phones.currentData.length > 0 ? (
          <ul className="shop-contact__phones">
            {phones.currentData.map((phone) => (
              <li key={phone}>
                <a className="button button--primary" href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                  <Icon name="phone" size={18} />
                  {phone}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{intl.formatMessage({ id: 'shopPage.noPhone' })}</p>
        )
      ) : (
        <button type="button" className="button button--primary shop-contact__reveal" disabled={phones.isFetching} onClick={() => void show({ name: shop.slug })}>
          <Icon name="phone" size={18} />
          {intl.formatMessage({ id: 'shopPage.showPhone' })}
        </button>
      )}
      {phones.isError ? <p role="alert">{errorText(intl, phones.error)}</p> : null}
      {shop.address || shop.city ? (
        <p className="shop-contact__line">
          <span className="shop-contact__label">{intl.formatMessage({ id: 'shopPage.addressLabel' })}</span>
          {shop.address && shop.city ? (
            intl.formatMessage({ id: 'shopPage.address' }, { address: <UserText key="a" text={shop.address} />, city: shop.city })
          ) : shop.address ? (
            <UserText text={shop.address} />
          ) : (
            shop.city
          )}
        </p>
      ) : null}
      {shop.website ? (
        <p className="shop-contact__line">
          <span className="shop-contact__label">{intl.formatMessage({ id: 'shopPage.website' })}</span>
          <a href={shop.website} rel="nofollow noopener" target="_blank" dir="ltr">
            {shop.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </a>
        </p>
      ) : null}
      <p className="shop-contact__line">
        <a href="#shop-ads">{intl.formatMessage({ id: 'shopPage.seeAds' })}</a>
      </p>
    </section>
  );
}
