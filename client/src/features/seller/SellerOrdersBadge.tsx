// The shop owner's live order alerts (issue 23), in the header of every page of a person whose
// token opens the seller centre: one listener on the shared socket for `order:new`,
// `order:updated` and `order:reminder`. A new order shows a toast, marks the seller centre's
// cached orders, counts, banner, stock and payments stale (the open page reads them again at
// once, without a reload) and raises the header badge, which counts the orders that arrived
// until the seller opens the orders tab. A transition (the buyer cancelled, a timer marked an
// order late) refreshes the same data.

import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { orderRef } from '../../api/orders';
import { sellerApi } from '../../api/seller';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import {
  isOrderNew,
  isOrderReminder,
  isOrderUpdated,
  ORDER_NEW_EVENT,
  ORDER_REMINDER_EVENT,
  ORDER_UPDATED_EVENT,
} from '../../realtime/orderEvents';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { toastShown } from '../../ui/toastSlice';
import { orderArrived, ordersSeen, selectUnseenOrders } from './orderAlertsSlice';

/** Whether `pathname` (with or without language prefix) is the seller centre's orders tab. */
export function isSellerOrdersPath(pathname: string): boolean {
  return pathname.replace(/^\/(fr|ar)(?=\/)/, '') === PATHS.sellerOrders;
}

/** First-strong isolate: a name in the other script keeps its own order inside the sentence. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const STALE_AFTER_ORDER = ['SaleOrders', 'SellerSummary', 'SellerPayments', 'Products'] as const;

export default function SellerOrdersBadge() {
  const intl = useIntl();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const connect = useRealtimeConnector();
  const unseen = useAppSelector(selectUnseenOrders);
  const { pathname } = useLocation();
  const onOrdersTab = isSellerOrdersPath(pathname);
  const where = useRef(onOrdersTab);
  useEffect(() => {
    where.current = onOrdersTab;
    if (onOrdersTab) dispatch(ordersSeen());
  }, [dispatch, onOrdersTab]);

  useEffect(() => {
    const socket = connect(language);
    const onNew = (payload: unknown) => {
      if (!isOrderNew(payload)) return;
      const { order } = payload;
      dispatch(orderArrived({ id: order.id, seen: where.current }));
      dispatch(sellerApi.util.invalidateTags([...STALE_AFTER_ORDER]));
      dispatch(
        toastShown({
          kind: 'info',
          key: `order:${order.id}`,
          messageKey: 'seller.alert.newOrder',
          values: { id: isolate(orderRef(order.id)), name: isolate(order.product.name), count: order.unitsSold, total: isolate(order.total) },
        }),
      );
    };
    const onUpdated = (payload: unknown) => {
      if (!isOrderUpdated(payload)) return;
      dispatch(sellerApi.util.invalidateTags([...STALE_AFTER_ORDER]));
    };
    const onReminder = (payload: unknown) => {
      if (!isOrderReminder(payload)) return;
      dispatch(toastShown({ kind: 'info', key: `reminder:${payload.id}`, messageKey: 'seller.alert.reminder', values: { id: orderRef(payload.id) } }));
    };
    socket.on(ORDER_NEW_EVENT, onNew);
    socket.on(ORDER_UPDATED_EVENT, onUpdated);
    socket.on(ORDER_REMINDER_EVENT, onReminder);
    return () => {
      socket.off(ORDER_NEW_EVENT, onNew);
      socket.off(ORDER_UPDATED_EVENT, onUpdated);
      socket.off(ORDER_REMINDER_EVENT, onReminder);
      socket.close();
    };
  }, [connect, dispatch, language]);

  return (
    <Link
      className="app-header__orders"
      to={`${localized(language, PATHS.sellerOrders)}?status=pending&page=1`}
      aria-current={onOrdersTab ? 'page' : undefined}
    >
      {intl.formatMessage({ id: 'header.sellerOrders' })}
      {/* A space and a badge named in words: the link reads "Messages, 3 unread messages", never "Messages3". */}
      {unseen > 0 ? ' ' : null}
      {unseen > 0 ? (
        <span className="badge" role="img" aria-label={intl.formatMessage({ id: 'header.newOrders' }, { count: unseen })}>
          {unseen}
        </span>
      ) : null}
    </Link>
  );
}
