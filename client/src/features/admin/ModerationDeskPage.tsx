// The moderation desk (/admin/moderation, admins only; docs/moderation.md): the queue oldest
// first, each ad with its waiting time against the 60-minute promise (late ones marked) and its
// flags; the chosen ad in full beside it (on a phone, the list, then the ad with a way back);
// approve or refuse with a reason; keyboard shortcuts (j/k, a, r) with their legend, never
// taken from a field or an open dialog; and the queue kept live by the socket: an ad that enters
// it (`moderation:new`) appears with a toast, one another moderator decided
// (`moderation:decided`) leaves it. Waiting times tick every 30 seconds. The queue shows 50 ads
// at a time with the server's count, and "show more" adds the next 50.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { errorText } from '../../ui/errorText';
import { Icon } from '../../ui/Icon';
import { Skeleton, SkeletonStatus } from '../../ui/Skeleton';
import { toastShown } from '../../ui/toastSlice';
import { useIsMobile } from '../../ui/useIsMobile';
import { UserText } from '../../ui/UserText';
import { AdminFrame } from './AdminFrame';
import './admin.css';
import { AdPreview } from './AdPreview';
import { isLate, SHORTCUTS, shortcutFor, waitingSeconds } from './desk';
import { moderationApi, QUEUE_PAGE_SIZE, useGetModerationQueueQuery, useModerateAdMutation, type QueueItem } from './moderationApi';
import { ShowMore } from './ShowMore';
import { KindBadge, Waiting } from './QueueBits';
import { RefuseDialog } from './RefuseDialog';

export const MODERATION_NEW_EVENT = 'moderation:new';
export const MODERATION_DECIDED_EVENT = 'moderation:decided';
/** How often the waiting times are worked out again. */
const TICK_MS = 30_000;

interface ModerationNew {
  adId: string;
  title: string;
}

function isModerationNew(value: unknown): value is ModerationNew {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.adId === 'string' && typeof v.title === 'string';
}

function isModerationDecided(value: unknown): value is { adId: string } {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).adId === 'string';
}

/** First-strong isolate: a title in the other script keeps its own order inside the sentence. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The time now, moved on every TICK_MS. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
}

function QueueSkeleton() {
  const intl = useIntl();
  return (
    <SkeletonStatus label={intl.formatMessage({ id: 'admin.queue.loading' })} className="admin-desk admin-desk--loading">
      <div className="admin-queue">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="admin-queue__skeleton">
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
      <div className="admin-preview">
        <Skeleton kind="block" height="16rem" />
        <Skeleton width="60%" />
        <Skeleton width="30%" />
      </div>
    </SkeletonStatus>
  );
}

function ShortcutLegend() {
  const intl = useIntl();
  return (
    <aside className="admin-shortcuts" aria-labelledby="admin-shortcuts-title">
      <h2 id="admin-shortcuts-title" className="admin-shortcuts__title">
        {intl.formatMessage({ id: 'admin.shortcuts.title' })}
      </h2>
      <dl className="admin-shortcuts__list">
        {SHORTCUTS.map(({ key, action }) => (
          <div key={key} className="admin-shortcuts__item">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{intl.formatMessage({ id: `admin.shortcuts.${action}` })}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

export default function ModerationDeskPage() {
  const intl = useIntl();
  return (
    <AdminFrame title={intl.formatMessage({ id: 'admin.queue.title' })}>
      <ModerationDesk />
    </AdminFrame>
  );
}

function ModerationDesk() {
  const intl = useIntl();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const connect = useRealtimeConnector();
  const mobile = useIsMobile();
  const now = useNow();
  const [pages, setPages] = useState(1);
  const queue = useGetModerationQueueQuery({ lang: language, pages });
  const [moderate, moderation] = useModerateAdMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // On a phone the list and the ad take turns: the ad shows once one was opened.
  const [opened, setOpened] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());

  const refetchQueue = useRef(queue.refetch);
  useEffect(() => {
    refetchQueue.current = queue.refetch;
  }, [queue.refetch]);
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const answeredAt = queue.fulfilledTimeStamp ?? now;
  const selectedIndex = Math.max(0, items.findIndex((item) => item.ad.adId === selectedId));
  const selected: QueueItem | undefined = items[selectedIndex];
  const waited = (item: QueueItem) => waitingSeconds(item.ageSeconds, answeredAt, Math.max(now, answeredAt));
  const lateCount = items.filter((item) => isLate(waited(item))).length;

  // Removes an ad from the cached queue (decided here or by another moderator): the pages shown
  // and the first page the tabs count from.
  const drop = useCallback(
    (adId: string) => {
      for (const shown of new Set([pages, 1])) {
        dispatch(
          moderationApi.util.updateQueryData('getModerationQueue', { lang: language, pages: shown }, (draft) => {
            const before = draft.items.length;
            draft.items = draft.items.filter((item) => item.ad.adId !== adId);
            if (draft.items.length < before) draft.total = Math.max(0, draft.total - 1);
          }),
        );
      }
    },
    [dispatch, language, pages],
  );

  // The socket: new ads are read again with the queue; decided ones leave it.
  useEffect(() => {
    const socket = connect(language);
    const onNew = (payload: unknown) => {
      if (!isModerationNew(payload)) return;
      setArrived((before) => new Set(before).add(payload.adId));
      // Read again at once (an invalidation would wait for every pending request of the app).
      void refetchQueue.current();
      dispatch(toastShown({ kind: 'info', key: `moderation:${payload.adId}`, messageKey: 'admin.live.arrived', values: { title: isolate(payload.title) } }));
    };
    const onDecided = (payload: unknown) => {
      if (isModerationDecided(payload)) drop(payload.adId);
    };
    socket.on(MODERATION_NEW_EVENT, onNew);
    socket.on(MODERATION_DECIDED_EVENT, onDecided);
    return () => {
      socket.off(MODERATION_NEW_EVENT, onNew);
      socket.off(MODERATION_DECIDED_EVENT, onDecided);
      socket.close();
    };
  }, [connect, dispatch, drop, language]);

  const select = useCallback(
    (index: number) => {
      const item = items[Math.min(Math.max(index, 0), items.length - 1)];
      if (!item) return;
      setSelectedId(item.ad.adId);
      const row = document.getElementById(`admin-item-${item.ad.adId}`);
      if (row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'nearest' });
    },
    [items],
  );

  const decide = useCallback(
    async (item: QueueItem, decision: { decision: 'APPROVE' } | { decision: 'REFUSE'; reason: string; note?: string }) => {
      const answer = await moderate({ adId: item.ad.adId, ...decision });
      setRefusing(false);
      if ('error' in answer) {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, answer.error) }));
        return;
      }
      const index = items.findIndex((i) => i.ad.adId === item.ad.adId);
      const next = items[index + 1] ?? items[index - 1];
      setSelectedId(next ? next.ad.adId : null);
      drop(item.ad.adId);
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: decision.decision === 'APPROVE' ? 'admin.decided.approved' : 'admin.decided.refused',
          values: { title: isolate(item.ad.title) },
        }),
      );
    },
    [dispatch, drop, intl, items, moderate],
  );

  const approve = useCallback(() => {
    if (selected && !moderation.isLoading) void decide(selected, { decision: 'APPROVE' });
  }, [decide, moderation.isLoading, selected]);

  // The keyboard: the legend's letters, outside fields and dialogs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event, refusing || document.querySelector('[role="dialog"]') !== null);
      if (!action || items.length === 0) return;
      event.preventDefault();
      if (action === 'next') select(selectedIndex + 1);
      else if (action === 'previous') select(selectedIndex - 1);
      else if (action === 'approve') approve();
      else if (selected) setRefusing(true);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [approve, items.length, refusing, select, selected, selectedIndex]);

  if (queue.isLoading) return <QueueSkeleton />;
  if (queue.isError && !queue.data) return <ErrorMessage error={queue.error} onRetry={() => void queue.refetch()} />;
  if (items.length === 0) {
    return (
      <div className="admin-empty">
        <EmptyState icon="check" title={intl.formatMessage({ id: 'admin.queue.emptyTitle' })} text={intl.formatMessage({ id: 'admin.queue.emptyText' })} />
        <ShortcutLegend />
      </div>
    );
  }

  const showList = !mobile || !opened;
  const showPreview = !mobile || opened;
  const total = queue.data?.total ?? items.length;
  return (
    <div className="admin-desk">
      {showList ? (
        <section className="admin-queue" aria-labelledby="admin-queue-title">
          <div className="admin-queue__head">
            <h2 id="admin-queue-title" className="admin-queue__title">
              {intl.formatMessage({ id: 'admin.queue.count' }, { count: total })}
            </h2>
            {lateCount > 0 ? (
              <p className="admin-queue__late">
                <Icon name="clock" size={16} />
                {intl.formatMessage({ id: 'admin.queue.lateCount' }, { count: lateCount })}
              </p>
            ) : (
              <p className="admin-queue__ontime">{intl.formatMessage({ id: 'admin.queue.onTime' })}</p>
            )}
          </div>
          <ol className="admin-queue__list">
            {items.map((item, index) => {
              const current = !mobile && index === selectedIndex;
              const seconds = waited(item);
              return (
                <li key={item.ad.adId} id={`admin-item-${item.ad.adId}`}>
                  <button
                    type="button"
                    className={['admin-item', current ? 'admin-item--current' : '', isLate(seconds) ? 'admin-item--late' : ''].filter(Boolean).join(' ')}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => {
                      setSelectedId(item.ad.adId);
                      setOpened(true);
                      if (mobile) window.scrollTo({ top: 0 });
                    }}
                  >
                    {item.ad.images[0] ? <img className="admin-item__photo" src={item.ad.images[0].thumb} alt="" /> : <span className="admin-item__photo admin-item__photo--none" aria-hidden="true"><Icon name="camera" size={20} /></span>}
                    <span className="admin-item__body">
                      <span className="admin-item__title">
                        <UserText text={item.ad.title} />
                      </span>
                      <span className="admin-item__meta">
                        {item.kind === 'new' ? null : <KindBadge kind={item.kind} />}
                        {arrived.has(item.ad.adId) ? <span className="admin-badge admin-badge--fresh">{intl.formatMessage({ id: 'admin.queue.fresh' })}</span> : null}
                        {item.flags.length > 0 ? <span className="admin-badge admin-badge--flag">{intl.formatMessage({ id: 'admin.queue.flagCount' }, { count: item.flags.length })}</span> : null}
                      </span>
                      <Waiting seconds={seconds} compact />
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <ShowMore shown={items.length} total={total} pageSize={QUEUE_PAGE_SIZE} busy={queue.isFetching} onMore={() => { setPages((n) => n + 1); }} />
          {mobile ? null : <ShortcutLegend />}
        </section>
      ) : null}
      {showPreview && selected ? (
        <section className="admin-preview" aria-label={intl.formatMessage({ id: 'admin.preview.label' })}>
          {mobile ? (
            <Button weight="ghost" small className="admin-preview__back" onClick={() => { setOpened(false); }}>
              {intl.formatMessage({ id: 'admin.preview.back' })}
            </Button>
          ) : null}
          <AdPreview item={selected} waited={waited(selected)} />
          <div className="admin-actions" role="group" aria-label={intl.formatMessage({ id: 'admin.actions' })}>
            <Button weight="danger" disabled={moderation.isLoading} onClick={() => { setRefusing(true); }} aria-keyshortcuts="r">
              {intl.formatMessage({ id: 'admin.refuse.open' })}
            </Button>
            <Button weight="primary" disabled={moderation.isLoading} onClick={approve} aria-keyshortcuts="a">
              {intl.formatMessage({ id: 'admin.approve' })}
            </Button>
          </div>
        </section>
      ) : null}
      {refusing && selected ? (
        <RefuseDialog
          title={selected.ad.title}
          busy={moderation.isLoading}
          onCancel={() => { setRefusing(false); }}
          onRefuse={(reason, note) => void decide(selected, { decision: 'REFUSE', reason, ...(note ? { note } : {}) })}
        />
      ) : null}
    </div>
  );
}
