// The seller centre's payments (/account/seller/my-payments?page=, spec §2 seller.my-payments;
// desktop only): what the next transfer brings (due), what is still on its way (unpaid), the
// next transfer's date and the commission rate, then one line per order with its total, the
// commission, the net and the payment status (pending, ongoing, paid, refunded), 8 a page
// (getMySellerPayments).

import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { orderRef } from '../../api/orders';
import { SELLER_PAGE_SIZE, useGetMySellerPaymentsQuery, useGetMySellerSummaryQuery, type SellerPaymentsPage } from '../../api/seller';
import type { MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { PagePager } from '../../ui/PagePager';
import { Amount } from '../../ui/Price';
import { dayText, paymentStatusText } from './format';
import { SellerCentre } from './SellerCentre';

function Totals({ page }: { page: SellerPaymentsPage }) {
  const intl = useIntl();
  const { currentData: summary } = useGetMySellerSummaryQuery(undefined);
  return (
    <dl className="money-cards">
      <div className="money-card money-card--accent">
        <dt>{intl.formatMessage({ id: 'seller.payments.due' })}</dt>
        <dd>
          <Amount text={page.due.withCurrency} />
        </dd>
        <p className="money-card__hint">{intl.formatMessage({ id: 'seller.payments.due.hint' })}</p>
      </div>
      <div className="money-card">
        <dt>{intl.formatMessage({ id: 'seller.payments.unpaid' })}</dt>
        <dd>
          <Amount text={page.unpaid.withCurrency} />
        </dd>
        <p className="money-card__hint">{intl.formatMessage({ id: 'seller.payments.unpaid.hint' })}</p>
      </div>
      <div className="money-card">
        <dt>{intl.formatMessage({ id: 'seller.banner.nextTransfer' })}</dt>
        <dd>{page.nextTransferDate ? dayText(intl, page.nextTransferDate) : intl.formatMessage({ id: 'seller.banner.noTransfer' })}</dd>
        <p className="money-card__hint">{intl.formatMessage({ id: 'seller.payments.transfer.hint' })}</p>
      </div>
      {summary ? (
        <div className="money-card">
          <dt>{intl.formatMessage({ id: 'seller.payments.commission' })}</dt>
          <dd>{intl.formatNumber(summary.commissionPercent / 100, { style: 'percent', maximumFractionDigits: 2 })}</dd>
          <p className="money-card__hint">{intl.formatMessage({ id: 'seller.payments.commission.hint' })}</p>
        </div>
      ) : null}
    </dl>
  );
}

function Payments({ page, onPage }: { page: number; onPage: (page: number, replace?: boolean) => void }) {
  const intl = useIntl();
  const { currentData, isError, error, refetch } = useGetMySellerPaymentsQuery({ page, size: SELLER_PAGE_SIZE });
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'seller.payments.loading' })} />;
  const pages = Math.max(1, Math.ceil(currentData.count / SELLER_PAGE_SIZE));
  const column = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <Totals page={currentData} />
      <h2 className="section-title">{intl.formatMessage({ id: 'seller.payments.byOrder' })}</h2>
      {currentData.payments.length === 0 ? (
        <div className="empty-panel">
          <p>{intl.formatMessage({ id: 'seller.payments.empty' })}</p>
        </div>
      ) : (
        <>
          <div className="data-table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{intl.formatMessage({ id: 'seller.payments.list' })}</caption>
              <thead>
                <tr>
                  <th scope="col">{column('orders.column.id')}</th>
                  <th scope="col">{column('orders.column.name')}</th>
                  <th scope="col" className="data-table__number">
                    {column('orders.column.total')}
                  </th>
                  <th scope="col" className="data-table__number">
                    {column('seller.payments.column.commission')}
                  </th>
                  <th scope="col" className="data-table__number">
                    {column('seller.payments.column.net')}
                  </th>
                  <th scope="col">{column('seller.payments.column.status')}</th>
                  <th scope="col">{column('orders.column.date')}</th>
                </tr>
              </thead>
              <tbody>
                {currentData.payments.map((payment) => (
                  <tr key={payment.orderId} className="data-table__row">
                    <td>
                      <span className="order-id" dir="ltr" title={payment.orderId}>
                        #{orderRef(payment.orderId)}
                      </span>
                    </td>
                    <td dir="auto">{payment.productName}</td>
                    <td className="data-table__number">
                      <Amount text={payment.total.withCurrency} />
                    </td>
                    <td className="data-table__number data-table__muted">
                      {payment.commission.centimes > 0 ? '− ' : ''}
                      <Amount text={payment.commission.withCurrency} />
                    </td>
                    <td className="data-table__number">
                      <strong>
                        <Amount text={payment.net.withCurrency} />
                      </strong>
                    </td>
                    <td>
                      <span className={`status-chip status-chip--pay-${payment.paymentStatus}`}>{paymentStatusText(intl, payment.paymentStatus)}</span>
                    </td>
                    <td className="data-table__date">{dayText(intl, payment.date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PagePager page={page} pages={pages} onPage={onPage} />
        </>
      )}
    </>
  );
}

export default function PaymentsPage() {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const onPage = useCallback(
    (next: number, replace = false) => {
      setSearch({ page: String(next) }, { replace });
    },
    [setSearch],
  );
  return (
    <SellerCentre tab="payments" desktopOnly="payments">
      <Payments page={page} onPage={onPage} />
    </SellerCentre>
  );
}
