// The abuse-report queue (/admin/reports, admins only): the server's open reports, one card per
// reported ad (deduplicated here: the server answers one row per report) with how many reports
// it has, each reason with its count, what the reporters wrote, since when, the ad itself (a
// link to its page) and its seller with the entry point to act as them. The most reported ads
// come first.

import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Icon } from '../../ui/Icon';
import { PriceText } from '../../ui/Price';
import { Skeleton, SkeletonStatus } from '../../ui/Skeleton';
import { UserText } from '../../ui/UserText';
import { adPath } from '../ads/adPaths';
import { ActAsUser } from './ActAsUser';
import { AdminFrame } from './AdminFrame';
import './admin.css';
import { groupReports, type ReportedAd } from './desk';
import { useGetAbuseReportsQuery } from './moderationApi';

const REPORT_TYPES = ['fraud', 'duplicate', 'wrong_cat', 'wrong_img', 'fake_number', 'wrong_price', 'sold'] as const;

function ReportCard({ entry }: { entry: ReportedAd }) {
  const intl = useIntl();
  const language = useLanguage();
  const titleId = `admin-report-${String(entry.listId)}`;
  const reasonLabel = (type: string) =>
    (REPORT_TYPES as readonly string[]).includes(type) ? intl.formatMessage({ id: `ad.report.type.${type as (typeof REPORT_TYPES)[number]}` }) : type;
  return (
    <article className="admin-report" aria-labelledby={titleId}>
      <div className="admin-report__ad">
        {entry.ad?.image ? <img className="admin-report__photo" src={entry.ad.image} alt="" /> : <span className="admin-report__photo admin-item__photo--none" aria-hidden="true"><Icon name="camera" size={20} /></span>}
        <div className="admin-report__head">
          <h2 id={titleId} className="admin-report__title">
            {entry.ad ? (
              <Link to={localized(language, adPath(entry.listId))}>
                <UserText text={entry.ad.title} />
              </Link>
            ) : (
              intl.formatMessage({ id: 'admin.reports.adGone' }, { id: entry.listId })
            )}
          </h2>
          {entry.ad ? (
            <p className="admin-report__meta">
              <PriceText price={entry.ad.price} /> · {entry.ad.category.name} · {entry.ad.city.name}
            </p>
          ) : null}
        </div>
        <span className="admin-report__count">{intl.formatMessage({ id: 'admin.reports.count' }, { count: entry.count })}</span>
      </div>
      <ul className="admin-report__reasons" aria-label={intl.formatMessage({ id: 'admin.reports.reasons' })}>
        {entry.reasons.map((reason) => (
          <li key={reason.type} className="admin-flag">
            {reasonLabel(reason.type)}
            {reason.count > 1 ? <span className="admin-report__times">{intl.formatMessage({ id: 'admin.reports.times' }, { count: reason.count })}</span> : null}
          </li>
        ))}
      </ul>
      {entry.messages.length > 0 ? (
        <ul className="admin-report__messages" aria-label={intl.formatMessage({ id: 'admin.reports.messages' })}>
          {entry.messages.map((message) => (
            <li key={message.body}>
              <UserText text={message.body} />
              {message.count > 1 ? <span className="admin-report__times">{intl.formatMessage({ id: 'admin.reports.times' }, { count: message.count })}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="admin-report__since">
        {intl.formatMessage({ id: 'admin.reports.since' }, { date: intl.formatDate(entry.firstAt, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) })}
      </p>
      {entry.seller ? (
        <div className="admin-report__seller">
          <span>
            {intl.formatMessage({ id: 'admin.reports.seller' })} <UserText text={entry.seller.name} />
          </span>
          <ActAsUser seller={entry.seller} />
        </div>
      ) : null}
    </article>
  );
}

function Reports() {
  const intl = useIntl();
  const language = useLanguage();
  const reports = useGetAbuseReportsQuery(language);
  const grouped = useMemo(() => groupReports(reports.data ?? []), [reports.data]);
  if (reports.isLoading) {
    return (
      <SkeletonStatus label={intl.formatMessage({ id: 'admin.reports.loading' })} className="admin-reports">
        {[0, 1, 2].map((n) => (
          <div key={n} className="admin-report">
            <Skeleton width="60%" />
            <Skeleton width="35%" />
          </div>
        ))}
      </SkeletonStatus>
    );
  }
  if (reports.isError && !reports.data) return <ErrorMessage error={reports.error} onRetry={() => void reports.refetch()} />;
  if (grouped.length === 0) {
    return <EmptyState icon="check" title={intl.formatMessage({ id: 'admin.reports.emptyTitle' })} text={intl.formatMessage({ id: 'admin.reports.emptyText' })} />;
  }
  return (
    <div className="admin-reports">
      {grouped.map((entry) => (
        <ReportCard key={entry.listId} entry={entry} />
      ))}
    </div>
  );
}

export default function AbuseReportsPage() {
  const intl = useIntl();
  return (
    <AdminFrame title={intl.formatMessage({ id: 'admin.reports.title' })}>
      <Reports />
    </AdminFrame>
  );
}
