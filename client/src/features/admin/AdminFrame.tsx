// The frame of the admin pages (/admin/moderation, /admin/reports): who may be there — an admin
// in their own session; a visitor is sent to sign in by the route (RequireSignIn), anyone else
// (or an admin acting as a user, who has that user's rights only) gets a forbidden page — and the
// heading with the tabs between the moderation queue, the abuse reports and the credit requests.

import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { Icon } from '../../ui/Icon';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { selectUser } from '../auth/authSlice';
import type { SessionUser } from '../auth/session';
import { useGetModerationQueueQuery, useGetReportedAdsQuery } from './moderationApi';

/** Whether the person may use the desk: an admin, not acting as someone. */
export function isModerator(user: Pick<SessionUser, 'isAdmin' | 'actingAdminId'> | null | undefined): boolean {
  return user?.isAdmin === true && user.actingAdminId === null;
}

function ForbiddenPage() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'admin.forbidden.documentTitle' }));
  return (
    <div className="page not-found admin-forbidden">
      <span className="not-found__icon" aria-hidden="true">
        <Icon name="out" size={36} />
      </span>
      <p className="not-found__code">{intl.formatMessage({ id: 'admin.forbidden.code' })}</p>
      <h1>{intl.formatMessage({ id: 'admin.forbidden.title' })}</h1>
      <p className="not-found__body">{intl.formatMessage({ id: 'admin.forbidden.body' })}</p>
      <p className="not-found__actions">
        <Link className="button button--primary" to={`/${language}`}>
          {intl.formatMessage({ id: 'notFound.backHome' })}
        </Link>
        <Link className="button button--secondary" to={localized(language, PATHS.account)}>
          {intl.formatMessage({ id: 'header.myAccount' })}
        </Link>
      </p>
    </div>
  );
}

export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const allowed = isModerator(user);
  // The tabs count what waits (the server's counts): the first pages the pages read too.
  const queue = useGetModerationQueueQuery({ lang: language, pages: 1 }, { skip: !allowed });
  const reports = useGetReportedAdsQuery({ lang: language, pages: 1 }, { skip: !allowed });
  useDocumentTitle(allowed ? title : undefined);
  if (!allowed) return <ForbiddenPage />;
  const tab = (path: string, label: string, count: number | undefined) => (
    <NavLink className={({ isActive }) => (isActive ? 'admin-tabs__tab admin-tabs__tab--active' : 'admin-tabs__tab')} to={localized(language, path)}>
      <span>{label}</span>
      {count === undefined ? null : <span className="admin-tabs__count">{intl.formatNumber(count)}</span>}
    </NavLink>
  );
  return (
    <div className="page admin">
      <header className="admin__header">
        <p className="admin__eyebrow">{intl.formatMessage({ id: 'admin.eyebrow' })}</p>
        <h1 className="admin__title">{title}</h1>
        <nav className="admin-tabs" aria-label={intl.formatMessage({ id: 'admin.tabs' })}>
          {tab(PATHS.adminModeration, intl.formatMessage({ id: 'admin.tab.queue' }), queue.data?.total)}
          {tab(PATHS.adminReports, intl.formatMessage({ id: 'admin.tab.reports' }), reports.data?.total)}
          {tab(PATHS.adminCredit, intl.formatMessage({ id: 'admin.tab.credit' }), undefined)}
        </nav>
      </header>
      {children}
    </div>
  );
}
