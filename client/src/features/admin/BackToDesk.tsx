// The way back from an ad's page to the admin page that opened it (/admin/reports or the desk):
// the admin page's link puts its path in the history entry's state, and the ad view shows this
// link while a moderator in their own session reads it. Kept apart from the admin chunk (no API),
// so the ad view carries only these few lines.

import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Icon } from '../../ui/Icon';
import { selectUser } from '../auth/authSlice';

/** The key of the history state that names the admin page an ad was opened from. */
export const DESK_STATE = 'adminDesk';
export type DeskState = Record<typeof DESK_STATE, string>;

/** The admin path an ad page was opened from, if it was (only a local /…/admin/… path). */
export function deskPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const path = (state as Record<string, unknown>)[DESK_STATE];
  return typeof path === 'string' && /^\/(fr|ar)\/admin\/[a-z-]+$/.test(path) ? path : undefined;
}

export function BackToDesk() {
  const intl = useIntl();
  const location = useLocation();
  const user = useAppSelector(selectUser);
  const path = deskPath(location.state);
  if (!path || user?.isAdmin !== true || user.actingAdminId !== null) return null;
  return (
    <p className="back-to-desk">
      <Link className="button button--secondary button--small" to={path}>
        <Icon name="chevronStart" size={16} />
        {intl.formatMessage({ id: path.endsWith('/reports') ? 'admin.backToReports' : 'admin.backToDesk' })}
      </Link>
    </p>
  );
}
