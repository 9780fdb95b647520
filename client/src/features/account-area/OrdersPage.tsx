// My orders (/account/v2/my-orders?status=&page=, spec §2 account.my-orders, private accounts):
// the status filters initiated, preparing, delivering, delivered, cancelled, the orders of the
// status with their product, total, status and date (day, short month, year), and the empty
// state of each status. Orders are read only when the server offers getMyPurchaseOrders
// (api/orders.ts; it does not yet: docs/client-gaps.md).

import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUSES, ORDERS_OPERATION, useGetMyPurchaseOrdersQuery, useGetServerQueriesQuery, type OrderStatus } from '../../api/orders';
import type { MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { AccountArea } from '../my-ads/AccountTabs';
import { PAGE_SIZE } from '../my-ads/myAdsParams';

function readStatus(value: string | null): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : 'initiated';
}

function Orders({ status, page }: { status: OrderStatus; page: number }) {
  const intl = useIntl();
  const { currentData, isError, error, refetch } = useGetMyPurchaseOrdersQuery({ status, page, size: PAGE_SIZE });
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'orders.loading' })} />;
  if (currentData.orders.length === 0) return <p className="empty">{intl.formatMessage({ id: `orders.empty.${status}` as MessageId })}</p>;
  return (
    <table className="orders">
      <caption className="visually-hidden">{intl.formatMessage({ id: 'orders.list' })}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'orders.column.id' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'orders.column.name' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'orders.column.total' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'orders.column.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'orders.column.date' })}</th>
        </tr>
      </thead>
      <tbody>
        {currentData.orders.map((order) => (
          <tr key={order.id}>
            <td>{order.id}</td>
            <td>{order.product.name}</td>
            <td>{order.total}</td>
            <td>{order.status}</td>
            <td>{intl.formatDate(order.date, { day: 'numeric', month: 'short', year: 'numeric' })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OrdersPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const status = readStatus(search.get('status'));
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const schema = useGetServerQueriesQuery(undefined);
  let content;
  if (schema.isError && !schema.currentData) content = <ErrorMessage error={schema.error} onRetry={() => void schema.refetch()} />;
  else if (!schema.currentData) content = <Loader label={intl.formatMessage({ id: 'orders.loading' })} />;
  else if (!schema.currentData.includes(ORDERS_OPERATION)) content = <p className="empty">{intl.formatMessage({ id: `orders.empty.${status}` as MessageId })}</p>;
  else content = <Orders status={status} page={page} />;
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
      {content}
    </AccountArea>
  );
}
