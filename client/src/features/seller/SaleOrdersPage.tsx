// The seller centre's orders (/account/seller/my-orders?status=&page=, spec §2 seller.my-orders,
// §3 sale order, §4 sale order statuses): status tabs with their counts (getMySaleOrdersCounts),
// the orders of the status, 8 a page (getMySaleOrders), in a table of id, product, units sold,
// total, status, date (day short-month year), payment method — cards on a phone, where this tab
// works too — with the actions each order's `allowedActions` offers (prepare, ship, deliver,
// return, cancel and delete, the last two confirmed first). An action's success toast shows
// only when the id the server answers is the order acted on (spec §4); the counts then shift
// and a page left empty above the first goes back one page. Orders that arrived live
// (`order:new`, SellerOrdersBadge.tsx) are marked new.

import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { orderRef } from '../../api/orders';
import {
  ORDER_ACTIONS,
  saleOrderStatusOf,
  SELLER_PAGE_SIZE,
  useGetMySaleOrdersCountsQuery,
  useGetMySaleOrdersQuery,
  useOrderActionMutation,
  type OrderAction,
  type SaleOrder,
} from '../../api/seller';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized } from '../../app/paths';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { PagePager } from '../../ui/PagePager';
import { Amount } from '../../ui/Price';
import { toastShown } from '../../ui/toastSlice';
import { adPath } from '../ads/adPaths';
import { dayText, paymentMethodText, readListParams, saleStatusText } from './format';
import { selectFreshOrders } from './orderAlertsSlice';
import { SellerCentre } from './SellerCentre';

/** The tabs: spec §4's filter statuses (RETURNED is not one), then every order. */
export const ORDER_TABS = ['pending', 'readyForDelivery', 'delivering', 'delivered', 'cancelled', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Actions that cannot be undone: asked for confirmation first. */
const CONFIRMED: readonly OrderAction[] = ['cancel', 'delete'];

function StatusTabs({ status }: { status: OrderTab }) {
  const intl = useIntl();
  const { data } = useGetMySaleOrdersCountsQuery(undefined);
  const counts = new Map<string, number>();
  let all = 0;
  for (const row of data ?? []) {
    const key = saleOrderStatusOf(row.status);
    if (key) counts.set(key, (counts.get(key) ?? 0) + row.count);
    all += row.count;
  }
  counts.set('all', all);
  return (
    <nav aria-label={intl.formatMessage({ id: 'seller.orders.statuses' })}>
      <ul className="status-tabs">
        {ORDER_TABS.map((key) => (
          <li key={key}>
            <Link className="status-tabs__tab" to={`?status=${key}&page=1`} aria-current={key === status ? 'page' : undefined}>
              {intl.formatMessage({ id: `seller.orders.tab.${key}` as MessageId })}
              {data ? <span className="status-tabs__count">{intl.formatNumber(counts.get(key) ?? 0)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function StatusChip({ order }: { order: SaleOrder }) {
  const intl = useIntl();
  const key = saleOrderStatusOf(order.status) ?? 'other';
  return (
    <span className="status-chips">
      <span className={`status-chip status-chip--${key}`}>{saleStatusText(intl, order.status)}</span>
      {order.late ? <span className="status-chip status-chip--late">{intl.formatMessage({ id: 'seller.order.late' })}</span> : null}
    </span>
  );
}

interface RowProps {
  order: SaleOrder;
  fresh: boolean;
  busy: boolean;
  onAction: (order: SaleOrder, action: OrderAction) => void;
}

function OrderRow({ order, fresh, busy, onAction }: RowProps) {
  const intl = useIntl();
  const language = useLanguage();
  const { product, buyer } = order;
  const actions = ORDER_ACTIONS.filter((action) => order.allowedActions.includes(action));
  const column = (id: MessageId) => intl.formatMessage({ id });
  return (
    <tr className={fresh ? 'data-table__row data-table__row--fresh' : 'data-table__row'}>
      <td data-label={column('orders.column.id')}>
        <span className="order-id" dir="ltr" title={order.id}>
          #{orderRef(order.id)}
        </span>
        {fresh ? <span className="status-chip status-chip--new">{intl.formatMessage({ id: 'seller.order.new' })}</span> : null}
      </td>
      <td data-label={column('orders.column.name')} className="data-table__product">
        <div className="order-product">
          {product.thumbnail ? <img className="order-product__thumb" src={product.thumbnail} alt="" loading="lazy" /> : <span className="order-product__thumb" />}
          <div className="order-product__text">
            {product.listId !== null ? (
              <Link to={localized(language, adPath(product.listId))} dir="auto">
                {product.name}
              </Link>
            ) : (
              <span dir="auto">{product.name}</span>
            )}
            {product.sku ? <span className="order-product__sku">{intl.formatMessage({ id: 'seller.product.sku' }, { sku: product.sku })}</span> : null}
            {buyer ? (
              <details className="order-buyer">
                <summary>{intl.formatMessage({ id: 'seller.order.buyer' })}</summary>
                <p dir="auto">{buyer.fullName}</p>
                <p>
                  <a href={`tel:${buyer.phone}`} dir="ltr">
                    {buyer.phone}
                  </a>
                </p>
                <p dir="auto">{[buyer.address, buyer.city].filter(Boolean).join(', ')}</p>
              </details>
            ) : null}
          </div>
        </div>
      </td>
      <td data-label={column('seller.orders.column.unitsSold')} className="data-table__number">
        {intl.formatNumber(order.unitsSold)}
      </td>
      <td data-label={column('orders.column.total')} className="data-table__number">
        <Amount text={order.total} />
      </td>
      <td data-label={column('orders.column.status')}>
        <StatusChip order={order} />
      </td>
      <td data-label={column('orders.column.date')} className="data-table__date">
        {dayText(intl, order.date)}
      </td>
      <td data-label={column('orders.column.paymentMethod')}>{paymentMethodText(intl, order.paymentMethod)}</td>
      <td data-label={column('seller.column.actions')} className="data-table__actions">
        {actions.length > 0 ? (
          <div className="row-actions" role="group" aria-label={intl.formatMessage({ id: 'seller.order.actions' }, { id: orderRef(order.id) })}>
            {actions.map((action, index) => (
              <button
                key={action}
                type="button"
                className={index === 0 && !CONFIRMED.includes(action) ? 'button button--primary button--small' : 'button button--small'}
                disabled={busy}
                onClick={() => {
                  onAction(order, action);
                }}
              >
                {intl.formatMessage({ id: `seller.order.action.${action}` as MessageId })}
              </button>
            ))}
          </div>
        ) : (
          <span className="data-table__none">—</span>
        )}
      </td>
    </tr>
  );
}

/** Runs an order action: the success toast only when the answered id is the order's (spec §4). */
export function useOrderActions() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [run] = useOrderActionMutation();
  const [busy, setBusy] = useState<string | undefined>();
  const act = useCallback(
    async (order: SaleOrder, action: OrderAction) => {
      setBusy(order.id);
      try {
        const answer = await run({ action, id: order.id }).unwrap();
        if (answer.id === order.id) {
          dispatch(toastShown({ kind: 'success', messageKey: `seller.order.done.${action}`, values: { id: orderRef(order.id) } }));
        }
      } catch (error) {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, error) }));
      } finally {
        setBusy(undefined);
      }
    },
    [dispatch, intl, run],
  );
  return { act, busy };
}

function Orders({ status, page, onPage }: { status: OrderTab; page: number; onPage: (page: number, replace?: boolean) => void }) {
  const intl = useIntl();
  const fresh = useAppSelector(selectFreshOrders);
  const { currentData, data, isFetching, isError, error, refetch } = useGetMySaleOrdersQuery({
    status: status === 'all' ? undefined : status,
    page,
    size: SELLER_PAGE_SIZE,
  });
  const { act, busy } = useOrderActions();
  const [confirming, setConfirming] = useState<{ order: SaleOrder; action: OrderAction } | undefined>();

  // An action that empties a page after the first goes back one page (spec §4).
  useEffect(() => {
    if (data && !isFetching && data.orders.length === 0 && page > 1) onPage(page - 1, true);
  }, [data, isFetching, page, onPage]);

  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'seller.orders.loading' })} />;
  if (currentData.orders.length === 0) {
    return (
      <div className="empty-panel">
        <p>{intl.formatMessage({ id: `seller.orders.empty.${status}` as MessageId })}</p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(currentData.count / SELLER_PAGE_SIZE));
  const onAction = (order: SaleOrder, action: OrderAction) => {
    if (CONFIRMED.includes(action)) setConfirming({ order, action });
    else void act(order, action);
  };
  const column = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <div className="data-table-wrap">
        <table className="data-table data-table--cards">
          <caption className="visually-hidden">{intl.formatMessage({ id: 'seller.orders.list' })}</caption>
          <thead>
            <tr>
              <th scope="col">{column('orders.column.id')}</th>
              <th scope="col">{column('orders.column.name')}</th>
              <th scope="col" className="data-table__number">
                {column('seller.orders.column.unitsSold')}
              </th>
              <th scope="col" className="data-table__number">
                {column('orders.column.total')}
              </th>
              <th scope="col">{column('orders.column.status')}</th>
              <th scope="col">{column('orders.column.date')}</th>
              <th scope="col">{column('orders.column.paymentMethod')}</th>
              <th scope="col">{column('seller.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {currentData.orders.map((order) => (
              <OrderRow key={order.id} order={order} fresh={fresh.includes(order.id)} busy={busy === order.id} onAction={onAction} />
            ))}
          </tbody>
        </table>
      </div>
      <PagePager page={page} pages={pages} onPage={onPage} />
      {confirming ? (
        <Modal
          title={intl.formatMessage({ id: `seller.order.confirm.${confirming.action}.title` as MessageId }, { id: orderRef(confirming.order.id) })}
          onClose={() => {
            setConfirming(undefined);
          }}
        >
          <p>{intl.formatMessage({ id: `seller.order.confirm.${confirming.action}.body` as MessageId }, { name: confirming.order.product.name })}</p>
          <div className="modal-actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                const { order, action } = confirming;
                setConfirming(undefined);
                void act(order, action);
              }}
            >
              {intl.formatMessage({ id: `seller.order.confirm.${confirming.action}.action` as MessageId })}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirming(undefined);
              }}
            >
              {intl.formatMessage({ id: 'seller.keep' })}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

export default function SaleOrdersPage() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const { status, page } = readListParams(search, ORDER_TABS);
  const onPage = useCallback(
    (next: number, replace = false) => {
      setSearch({ status, page: String(next) }, { replace });
    },
    [setSearch, status],
  );
  return (
    <SellerCentre tab="orders">
      <StatusTabs status={status} />
      <h2 className="visually-hidden">{intl.formatMessage({ id: 'seller.tab.orders' })}</h2>
      <Orders status={status} page={page} onPage={onPage} />
    </SellerCentre>
  );
}
