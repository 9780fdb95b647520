// The ad view's contact bar on a phone: "Call" (show number, then a call link), "Send a
// message" (the contact form or the chat) and, for a seller-centre product in stock, "Buy" (to
// the checkout), fixed at the bottom of the screen above the device's safe area, so that
// contacting the seller or buying is one tap from anywhere on the page. Not shown to the ad's
// owner; a seller whose number is hidden gets no call button. With three actions the message
// button's label is the short one, so that the bar never runs past a phone's width.

import { useIntl } from 'react-intl';
import type { PublicProduct } from '../../api/ads';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { BuyLink, inStock } from '../ecommerce/BuyBox';
import { ContactSeller } from './ContactSeller';
import { PhoneButton } from './PhoneButton';

interface ContactBarProps {
  listId: number;
  sellerAccountId: number;
  phoneHidden: boolean;
  product?: PublicProduct | null;
}

export function ContactBar({ listId, sellerAccountId, phoneHidden, product }: ContactBarProps) {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  if (user?.accountId === sellerAccountId) return null;
  const buy = product ? inStock(product) : false;
  return (
    <div className="ad-contact-bar" role="group" aria-label={intl.formatMessage({ id: 'adView.bar.label' })}>
      {phoneHidden ? null : <PhoneButton listId={listId} hidden={false} compact />}
      <ContactSeller listId={listId} sellerAccountId={sellerAccountId} compact short={buy && !phoneHidden} />
      {buy ? <BuyLink listId={listId} className="button button--primary ad-contact-bar__buy" /> : null}
    </div>
  );
}
