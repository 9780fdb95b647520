// My orders (/account/v2/my-orders?status=&page=, spec §2 account.my-orders, private accounts):
// the status filters initiated, preparing, delivering, delivered, cancelled; the orders of the
// status (getMyPurchaseOrders) with their product, total, status, date (day, short month,
// year — spec §9) and payment method, both translated; the empty state of each status, the
// loader, the error with a retry, and pages. The orders move live (issue 23): each
// `order:updated` of the real-time socket changes the order's status where it is shown (marked
// as just updated, with a toast), and the other statuses' lists are read again.

import { useCallback, useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  ORDER_STATUSES,
  orderRef,
  orderStatusOf,
  ordersApi,
  paymentMethodOf,
  useCancelOrderMutation,
  useGetMyPurchaseOrdersQuery,
  type OrderStatus,
  type PurchaseOrder,
} from '../../api/orders';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized } from '../../app/paths';
import type { AppDispatch, RootState } from '../../app/store';
import { isOrderUpdated, ORDER_UPDATED_EVENT, type OrderUpdated } from '../../realtime/orderEvents';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { toastShown } from '../../ui/toastSlice';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { PagePager } from '../../ui/PagePager';
import { Amount } from '../../ui/Price';
import { adPath } from '../ads/adPaths';
import { AccountArea } from '../my-ads/AccountTabs';
import { PAGE_SIZE } from '../my-ads/myAdsParams';
import { UserText } from '../../ui/UserText';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Modal';
import { useResultToasts } from './useErrorToast';

function readStatus(value: string | null): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : 'initiated';
}

function statusText(intl: IntlShape, status: string): string {
  const known = orderStatusOf(status);
  if (!known && status.toLowerCase() === 'returned') return intl.formatMessage({ id: 'orders.orderStatus.returned' });
  return intl.formatMessage({ id: known ? (`orders.orderStatus.${known}` as MessageId) : 'orders.orderStatus.other' });
}

/**
 * Applies one `order:updated` to the cached lists: the order takes its new buyer status (or
 * leaves, when deleted) in every list that shows it; the lists that do not are read again, so
 * that the one it moved to has it.
 */
export function applyOrderUpdate(update: OrderUpdated) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    // The store's type knows the api's tags only as other modules inject them.
    const state = () => getState() as unknown as Parameters<typeof ordersApi.util.selectCachedArgsForQuery>[0];
    const cached = ordersApi.util.selectCachedArgsForQuery(state(), 'getMyPurchaseOrders');
    for (const args of cached) {
      const page = ordersApi.endpoints.getMyPurchaseOrders.select(args)(state()).data;
      if (page?.orders.some((order) => order.id === update.id)) {
        dispatch(
          ordersApi.util.updateQueryData('getMyPurchaseOrders', args, (draft) => {
            if (update.deleted) {
              draft.orders = draft.orders.filter((order) => order.id !== update.id);
              draft.count = Math.max(0, draft.count - 1);
              return;
            }
            const order = draft.orders.find((o) => o.id === update.id);
            if (order) order.status = update.buyerStatus;
          }),
        );
      } else {
        void dispatch(ordersApi.endpoints.getMyPurchaseOrders.initiate(args, { forceRefetch: true, subscribe: false }));
      }
    }
  };
}

/** Listens to `order:updated` while the page is open; answers the ids updated live. */
function useLiveOrderUpdates(): ReadonlySet<string> {
  const intl = useIntl();
  const connect = useRealtimeConnector();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [updated, setUpdated] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const socket = connect(language);
    const onUpdated = (payload: unknown) => {
      if (!isOrderUpdated(payload)) return;
      dispatch(applyOrderUpdate(payload));
      setUpdated((current) => new Set(current).add(payload.id));
      if (!payload.deleted) {
        dispatch(
          toastShown({
            kind: 'info',
            key: `order-updated:${payload.id}`,
            messageKey: 'orders.live.updated',
            values: { id: orderRef(payload.id), status: statusText(intl, payload.buyerStatus) },
          }),
        );
      }
    };
    socket.on(ORDER_UPDATED_EVENT, onUpdated);
    return () => {
      socket.off(ORDER_UPDATED_EVENT, onUpdated);
      socket.close();
    };
  }, [connect, dispatch, intl, language]);
  return updated;
}

function paymentText(intl: IntlShape, method: string): string {
  const known = paymentMethodOf(method);
  return intl.formatMessage({ id: known ? (`orders.paymentMethod.${known}` as MessageId) : 'orders.paymentMethod.other' });
}

function dateText(intl: IntlShape, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : intl.formatDate(date, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * "Annuler" on a pending order (its allowedActions has `cancel`), after a confirmation; the
 * success toast only when the server answers for this very order.
 */
function CancelOrder({ order }: { order: PurchaseOrder }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { failed } = useResultToasts();
  const [asking, setAsking] = useState(false);
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const ref = orderRef(order.id);
  const confirm = async () => {
    try {
      const answer = await cancel({ id: order.id }).unwrap();
      setAsking(false);
      if (answer.id === order.id) {
        dispatch(toastShown({ kind: 'success', key: `order-cancelled:${order.id}`, messageKey: 'orders.cancel.done', values: { id: ref } }));
      } else {
        failed(undefined);
      }
    } catch (error) {
      setAsking(false);
      failed(error);
    }
  };
  return (
    <>
      <Button weight="danger" small aria-label={intl.formatMessage({ id: 'orders.cancel.label' }, { id: ref })} onClick={() => { setAsking(true); }}>
        {intl.formatMessage({ id: 'orders.cancel' })}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'orders.cancel.title' })}
          message={<p>{intl.formatMessage({ id: 'orders.cancel.body' }, { id: ref, name: <UserText key="name" text={order.product.name} /> })}</p>}
          confirmLabel={intl.formatMessage({ id: 'orders.cancel.confirm' })}
          cancelLabel={intl.formatMessage({ id: 'orders.cancel.keep' })}
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => { setAsking(false); }}
        />
      ) : null}
    </>
  );
}

function OrderRow({ order, live }: { order: PurchaseOrder; live: boolean }) {
  const intl = useIntl();
  const language = useLanguage();
  const { product } = order;
  return (
    <tr className={live ? 'orders__row--live' : undefined}>
      <td data-label={intl.formatMessage({ id: 'orders.column.id' })}>
        <span title={order.id}>{orderRef(order.id)}</span>
      </td>
      <td className="orders__product">
        {product.thumbnail ? <img className="orders__thumbnail" src={product.thumbnail} alt="" loading="lazy" /> : null}
        {product.listId !== null ? (
          <Link to={localized(language, adPath(product.listId))}>
            <UserText text={product.name} />
          </Link>
        ) : (
          <UserText text={product.name} />
        )}
      </td>
      <td data-label={intl.formatMessage({ id: 'orders.column.total' })}>
        <Amount text={order.total} />
      </td>
      <td data-label={intl.formatMessage({ id: 'orders.column.status' })}>
        {statusText(intl, order.status)}
        {live ? <span className="orders__live">{intl.formatMessage({ id: 'orders.live.mark' })}</span> : null}
      </td>
      <td data-label={intl.formatMessage({ id: 'orders.column.date' })}>{dateText(intl, order.date)}</td>
      <td data-label={intl.formatMessage({ id: 'orders.column.paymentMethod' })}>{paymentText(intl, order.paymentMethod)}</td>
      <td className="orders__actions">{order.allowedActions?.includes('cancel') ? <CancelOrder order={order} /> : null}</td>
    </tr>
  );
}

interface OrdersProps {
  status: OrderStatus;
  page: number;
  onPage: (page: number, replace?: boolean) => void;
}

function Orders({ status, page, onPage }: OrdersProps) {
  const intl = useIntl();
  const live = useLiveOrderUpdates();
  const { currentData, data, isFetching, isError, error, refetch } = useGetMyPurchaseOrdersQuery({ status, page, size: PAGE_SIZE });

  // A page that no longer exists (orders moved to another status) goes back one page.
  useEffect(() => {
    if (data && !isFetching && data.orders.length === 0 && page > 1) onPage(page - 1, true);
  }, [data, isFetching, page, onPage]);

  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'orders.loading' })} />;
  if (currentData.orders.length === 0) return <EmptyState icon="box" title={intl.formatMessage({ id: `orders.empty.${status}` as MessageId })} />;
  const pages = Math.max(1, Math.ceil(currentData.count / PAGE_SIZE));
  return (
    <>
      <div className="orders">
        <table>
          <caption className="visually-hidden">{intl.formatMessage({ id: 'orders.list' })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.id' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.name' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.total' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.status' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.date' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'orders.column.paymentMethod' })}</th>
              <th scope="col">
                <span className="visually-hidden">{intl.formatMessage({ id: 'orders.column.actions' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {currentData.orders.map((order) => (
              <OrderRow key={order.id} order={order} live={live.has(order.id)} />
            ))}
          </tbody>
        </table>
      </div>
      <PagePager page={page} pages={pages} onPage={onPage} />
    </>
  );
}

export default function OrdersPage() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const status = readStatus(search.get('status'));
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const onPage = useCallback(
    (next: number, replace = false) => { setSearch({ status, page: String(next) }, { replace }); },
    [setSearch, status],
  );
  return (
    <AccountArea>
      <nav aria-label={intl.formatMessage({ id: 'orders.statuses' })}>
        <ul className="tabs tabs--secondary">
          {ORDER_STATUSES.map((key) => (
            <li key={key}>
              <Link to={`?status=${key}&page=1`} aria-current={key === status ? 'page' : undefined}>
                {intl.formatMessage({ id: `orders.status.${key}` as MessageId })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{intl.formatMessage({ id: 'accountArea.tab.myOrders' })}</h2>
      <Orders status={status} page={page} onPage={onPage} />
    </AccountArea>
  );
}
