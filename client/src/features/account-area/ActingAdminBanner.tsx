// Spec §6: an admin may act as a user; the banner says so, that actions are recorded under the
// admin's account, and when the session ends. Shown on every page (the app shell, Layout.tsx,
// loads it on demand) when the access token carries the acting admin (`act` claim); the
// admin's name and the session's end come from getCurrentUser.

import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { useCurrentUser } from './useCurrentUser';

export default function ActingAdminBanner() {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  const acting = user?.actingAdminId !== null && user?.actingAdminId !== undefined;
  const { currentData } = useCurrentUser({ skip: !acting });
  if (!user || !acting) return null;
  const expiresAt = currentData?.session.expiresAt ?? user.expiresAt;
  const admin = currentData?.session.actingAdminName ?? intl.formatMessage({ id: 'actingAdmin.unnamed' }, { id: user.actingAdminId });
  return (
    <section className="banner banner--warning" role="region" aria-label={intl.formatMessage({ id: 'actingAdmin.label' })}>
      <p>{intl.formatMessage({ id: 'actingAdmin.text' }, { admin, name: user.name })}</p>
      <p>
        {intl.formatMessage(
          { id: 'actingAdmin.expires' },
          { time: intl.formatTime(expiresAt * 1000, { hour: '2-digit', minute: '2-digit' }), date: intl.formatDate(expiresAt * 1000, { day: 'numeric', month: 'long' }) },
        )}
      </p>
    </section>
  );
}
