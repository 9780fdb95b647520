// The ad view's contact bar on a phone: "Call" (show number, then a call link) and "Send a
// message" (the contact form or the chat), fixed at the bottom of the screen above the
// device's safe area, so that contacting the seller is one tap from anywhere on the page.
// Not shown to the ad's owner; a seller whose number is hidden gets the message button only.

import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { ContactSeller } from './ContactSeller';
import { PhoneButton } from './PhoneButton';

export function ContactBar({ listId, sellerAccountId, phoneHidden }: { listId: number; sellerAccountId: number; phoneHidden: boolean }) {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  if (user?.accountId === sellerAccountId) return null;
  return (
    <div className="ad-contact-bar" role="group" aria-label={intl.formatMessage({ id: 'adView.bar.label' })}>
      {phoneHidden ? null : <PhoneButton listId={listId} hidden={false} compact />}
      <ContactSeller listId={listId} sellerAccountId={sellerAccountId} compact />
    </div>
  );
}
