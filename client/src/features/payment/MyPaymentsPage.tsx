// My payments (/account/v2/my-payments?page=, issue 24): the account area's history of what I
// paid or tried to pay — the boosts and the insertion fees (getMyPaymentOrders) — newest first:
// the date, what was bought (the pack and its ad, or the insertion fee), the method, the total,
// the status (paid, pending, refused, expired, refunded) and the invoice of a paid order; an
// empty state, and pages of PAGE_SIZE orders. A row opens its order's result page.

import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { orderFailed, useGetMyPaymentOrdersQuery, type PaymentOrder } from '../../api/payments';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { isolateLtr } from '../../lib/bidi';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { PagePager } from '../../ui/PagePager';
import { UserText } from '../../ui/UserText';
import { AccountArea } from '../my-ads/AccountTabs';
import { methodName, orderResultPath, packName } from './paymentPaths';
import './boost.css';

export const PAGE_SIZE = 10;

/** The status a person reads: a refused attempt that waits for another is "refused". */
export function statusOf(order: PaymentOrder): string {
  if (order.status === 'paid' || order.status === 'refunded' || order.status === 'expired') return order.status;
  return orderFailed(order) ? 'failed' : order.status;
}

const STATUSES = ['pending', 'ongoing', 'paid', 'expired', 'refunded', 'failed'];

function StatusChip({ order }: { order: PaymentOrder }) {
  const intl = useIntl();
  const status = statusOf(order);
  return (
    <span className={`pay-status pay-status--${status}`}>
      {STATUSES.includes(status) ? intl.formatMessage({ id: `payment.status.${status}` as MessageId }) : status}
    </span>
  );
}

function Row({ order }: { order: PaymentOrder }) {
  const intl = useIntl();
  const language = useLanguage();
  const status = statusOf(order);
  const what =
    order.purpose === 'pack' && order.packKind && order.durationDays
      ? packName(intl, order.packKind, order.durationDays)
      : intl.formatMessage({ id: 'myPayments.insertion' });
  const column = (id: MessageId) => intl.formatMessage({ id });
  return (
    <tr>
      <td data-label={column('myPayments.column.date')}>{intl.formatDate(order.paidAt ?? order.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}</td>
      <td data-label={column('myPayments.column.what')} className="payments__what">
        <Link to={orderResultPath(language, status === 'failed' || status === 'expired' ? 'failure' : 'success', order.id)}>{what}</Link>
        <span className="payments__ad">
          <UserText text={order.adTitle} />
        </span>
      </td>
      <td data-label={column('myPayments.column.method')}>{methodName(intl, order.method)}</td>
      <td data-label={column('myPayments.column.total')} className="payments__total">
        <bdi>{order.total.withCurrency}</bdi>
      </td>
      <td data-label={column('myPayments.column.status')}>
        <StatusChip order={order} />
      </td>
      <td data-label={column('myPayments.column.invoice')}>
        {order.status === 'paid' && order.invoiceUrl ? (
          <a href={order.invoiceUrl} target="_blank" rel="noopener">
            {intl.formatMessage({ id: 'myPayments.invoice' }, { number: isolateLtr(order.invoiceNumber ?? '') })}
          </a>
        ) : (
          <span className="payments__none">{intl.formatMessage({ id: 'myPayments.noInvoice' })}</span>
        )}
      </td>
    </tr>
  );
}

function Payments() {
  const intl = useIntl();
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { currentData, isError, error, refetch } = useGetMyPaymentOrdersQuery({ page, size: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'myPayments.loading' })} />;
  if (currentData.orders.length === 0 && page === 1) {
    return (
      <EmptyState
        icon="document"
        title={intl.formatMessage({ id: 'myPayments.empty.title' })}
        text={intl.formatMessage({ id: 'myPayments.empty.text' })}
        action={
          <Link className={buttonClass({ weight: 'primary' })} to={`${localized(language, PATHS.myAds)}?status=ACTIVE&page=1`}>
            {intl.formatMessage({ id: 'myPayments.empty.action' })}
          </Link>
        }
      />
    );
  }
  const pages = Math.max(1, Math.ceil(currentData.count / PAGE_SIZE));
  const column = (id: MessageId) => <th scope="col">{intl.formatMessage({ id })}</th>;
  return (
    <>
      <table className="payments">
        <caption className="visually-hidden">{intl.formatMessage({ id: 'myPayments.title' })}</caption>
        <thead>
          <tr>
            {column('myPayments.column.date')}
            {column('myPayments.column.what')}
            {column('myPayments.column.method')}
            {column('myPayments.column.total')}
            {column('myPayments.column.status')}
            {column('myPayments.column.invoice')}
          </tr>
        </thead>
        <tbody>
          {currentData.orders.map((order) => (
            <Row key={order.id} order={order} />
          ))}
        </tbody>
      </table>
      <PagePager
        page={page}
        pages={pages}
        onPage={(next) => {
          setSearch({ page: String(next) });
        }}
      />
    </>
  );
}

export default function MyPaymentsPage() {
  const intl = useIntl();
  return (
    <AccountArea>
      <section className="my-payments" aria-labelledby="my-payments-title">
        <h2 id="my-payments-title">{intl.formatMessage({ id: 'myPayments.title' })}</h2>
        <Payments />
      </section>
    </AccountArea>
  );
}
