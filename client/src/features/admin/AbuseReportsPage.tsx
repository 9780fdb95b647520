// The abuse-report queue (/admin/reports, admins only): the server's reported ads, one card per
// ad with how many open reports it has, each reason with its count, what the reporters wrote,
// since when, the ad itself (a link to its page, which offers the way back here) and its seller
// with the entry point to act as them. The most reported ads come first, 50 at a time with the
// server's count; a moderator closes an ad's reports with a reason (DismissDialog).

import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { toastShown } from '../../ui/toastSlice';
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
import { DESK_STATE, type DeskState } from './BackToDesk';
import { summariseReports, type ReportedAd } from './desk';
import { DismissDialog } from './DismissDialog';
import { moderationApi, REPORTS_PAGE_SIZE, useDismissReportAdMutation, useGetReportedAdsQuery } from './moderationApi';
import { ShowMore } from './ShowMore';

/** First-strong isolate: a title in the other script keeps its own order inside the sentence. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const REPORT_TYPES = ['fraud', 'duplicate', 'wrong_cat', 'wrong_img', 'fake_number', 'wrong_price', 'sold'] as const;

function ReportCard({ entry, onDismiss }: { entry: ReportedAd; onDismiss: () => void }) {
  const intl = useIntl();
  const language = useLanguage();
  const here = useLocation().pathname;
  const deskState: DeskState = { [DESK_STATE]: here };
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
              <Link to={localized(language, adPath(entry.listId))} state={deskState}>
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
      <div className="admin-report__foot">
        {entry.seller ? (
          <div className="admin-report__seller">
            <span>
              {intl.formatMessage({ id: 'admin.reports.seller' })} <UserText text={entry.seller.name} />
            </span>
            <ActAsUser seller={entry.seller} />
          </div>
        ) : null}
        <Button weight="secondary" small className="admin-report__dismiss" onClick={onDismiss}>
          {intl.formatMessage({ id: 'admin.dismiss.open' })}
        </Button>
      </div>
    </article>
  );
}

function Reports() {
  const intl = useIntl();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [pages, setPages] = useState(1);
  const reports = useGetReportedAdsQuery({ lang: language, pages });
  const [dismiss, dismissal] = useDismissReportAdMutation();
  const [closing, setClosing] = useState<ReportedAd | null>(null);
  const grouped = useMemo(() => (reports.data?.items ?? []).map(summariseReports), [reports.data]);

  // Takes a closed ad out of the pages shown and of the first page the tab counts from.
  const drop = useCallback(
    (listId: number) => {
      for (const shown of new Set([pages, 1])) {
        dispatch(
          moderationApi.util.updateQueryData('getReportedAds', { lang: language, pages: shown }, (draft) => {
            const before = draft.items.length;
            draft.items = draft.items.filter((item) => item.listId !== listId);
            if (draft.items.length < before) draft.total = Math.max(0, draft.total - 1);
          }),
        );
      }
    },
    [dispatch, language, pages],
  );

  const close = useCallback(
    async (entry: ReportedAd, reason: string, note: string) => {
      const answer = await dismiss({ listId: entry.listId, reason, ...(note ? { note } : {}) });
      if ('error' in answer) {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, answer.error) }));
        return;
      }
      setClosing(null);
      drop(entry.listId);
      const title = entry.ad ? entry.ad.title : String(entry.listId);
      dispatch(toastShown({ kind: 'success', messageKey: 'admin.dismiss.done', values: { title: isolate(title) } }));
    },
    [dismiss, dispatch, drop, intl],
  );
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
        <ReportCard key={entry.listId} entry={entry} onDismiss={() => { setClosing(entry); }} />
      ))}
      <ShowMore shown={grouped.length} total={reports.data?.total ?? grouped.length} pageSize={REPORTS_PAGE_SIZE} busy={reports.isFetching} onMore={() => { setPages((n) => n + 1); }} />
      {closing ? (
        <DismissDialog
          title={closing.ad ? closing.ad.title : intl.formatMessage({ id: 'admin.reports.adGone' }, { id: closing.listId })}
          count={closing.count}
          busy={dismissal.isLoading}
          onCancel={() => { setClosing(null); }}
          onDismiss={(reason, note) => void close(closing, reason, note)}
        />
      ) : null}
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
