// The admins' list of pre-approved credit requests (/admin/credit; issue 25, docs/credit.md):
// every request, newest first, with the ad, the credit asked for and its simulated monthly
// payment, and the borrower's answers (spec §3). Inside the admin frame, which shows anyone but
// an admin in their own session a forbidden page; the server refuses them too (getCreditRequests).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetCreditRequestsQuery } from '../../api/credit';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { AdminFrame, isModerator } from '../admin/AdminFrame';
import { selectUser } from '../auth/authSlice';
import './credit.css';

const PAGE_SIZE = 50;

const FINANCING: Record<string, MessageId> = {
  classic: 'credit.request.financing.CLASSIC',
  participative: 'credit.request.financing.PARTICIPATIVE',
};

const PROFILES: Record<string, MessageId> = {
  private_employee: 'credit.request.profile.PRIVATE_EMPLOYEE',
  civil_servant: 'credit.request.profile.CIVIL_SERVANT',
  self_employed: 'credit.request.profile.SELF_EMPLOYED',
  retired: 'credit.request.profile.RETIRED',
  moroccan_abroad: 'credit.request.profile.MOROCCAN_ABROAD',
};

function CreditRequestsList() {
  const intl = useIntl();
  const language = useLanguage();
  const { currentData, error, isFetching, refetch } = useGetCreditRequestsQuery({ page: 1, size: PAGE_SIZE });
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return isFetching ? <Loader /> : null;
  if (currentData.requests.length === 0) return <p className="credit-requests__empty">{intl.formatMessage({ id: 'credit.admin.empty' })}</p>;
  // Each cell carries its column's name, which a phone shows above it (the rows become cards).
  const label = (id: MessageId) => intl.formatMessage({ id });
  return (
    <div className="credit-requests">
      <p>{intl.formatMessage({ id: 'credit.admin.count' }, { count: currentData.total })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'credit.admin.date' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credit.admin.ad' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credit.admin.amount' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credit.admin.borrower' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credit.admin.financing' })}</th>
          </tr>
        </thead>
        <tbody>
          {currentData.requests.map((r) => (
            <tr key={r.id}>
              <td data-label={label('credit.admin.date')}>{intl.formatDate(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td data-label={label('credit.admin.ad')}>
                <Link to={`/${language}/vi/${r.listId}.htm`} dir="auto">
                  {r.adTitle}
                </Link>
              </td>
              <td data-label={label('credit.admin.amount')}>
                <Amount text={r.amount.withCurrency} />
                <br />
                {intl.formatMessage({ id: 'credit.simulator.months' }, { n: r.months })} · <Amount text={r.monthlyPayment.withCurrency} />
              </td>
              <td data-label={label('credit.admin.borrower')}>
                <span dir="auto">{r.profession}</span>
                <br />
                {intl.formatMessage({ id: PROFILES[r.borrowerProfile] ?? 'credit.request.profile' })} · {intl.formatMessage({ id: 'credit.admin.ageValue' }, { n: r.age })}
              </td>
              <td data-label={label('credit.admin.financing')}>{intl.formatMessage({ id: FINANCING[r.financingType] ?? 'credit.request.financingType' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function CreditRequestsPage() {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  return <AdminFrame title={intl.formatMessage({ id: 'credit.admin.title' })}>{isModerator(user) ? <CreditRequestsList /> : null}</AdminFrame>;
}
