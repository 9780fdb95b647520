// The seller centre's settings tab (/account/seller/settings, spec §2 "seller centre tabs ...
// settings"): the terms the shop sells under (cash on delivery, the commission rate, transfers
// every Monday), where to change the shop's profile, contact and notifications (the account
// area's settings), and the home-delivery requests people made on the shop's ads, each with the
// time its callback is due (spec §9: within 2 hours).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetMyDeliveryRequestsQuery, useGetMySellerSummaryQuery } from '../../api/seller';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { adPath } from '../ads/adPaths';
import { SellerCentre } from './SellerCentre';

function Terms() {
  const intl = useIntl();
  const { currentData: summary } = useGetMySellerSummaryQuery(undefined);
  return (
    <section className="settings-card" aria-labelledby="seller-terms">
      <h2 id="seller-terms">{intl.formatMessage({ id: 'seller.settings.terms' })}</h2>
      <ul className="check-list">
        <li>{intl.formatMessage({ id: 'seller.settings.cod' })}</li>
        <li>
          {summary
            ? intl.formatMessage(
                { id: 'seller.settings.commission' },
                { rate: intl.formatNumber(summary.commissionPercent / 100, { style: 'percent', maximumFractionDigits: 2 }) },
              )
            : intl.formatMessage({ id: 'seller.settings.commissionUnknown' })}
        </li>
        <li>{intl.formatMessage({ id: 'seller.settings.transfers' })}</li>
        <li>{intl.formatMessage({ id: 'seller.settings.alerts' })}</li>
      </ul>
    </section>
  );
}

function ShopLinks() {
  const intl = useIntl();
  const language = useLanguage();
  const links = [
    { to: PATHS.settingsProfile, label: 'seller.settings.profile' },
    { to: PATHS.settingsContact, label: 'seller.settings.contact' },
    { to: PATHS.settingsNotification, label: 'seller.settings.notifications' },
  ] as const;
  return (
    <section className="settings-card" aria-labelledby="seller-shop">
      <h2 id="seller-shop">{intl.formatMessage({ id: 'seller.settings.shop' })}</h2>
      <ul className="link-list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={localized(language, link.to)}>{intl.formatMessage({ id: link.label })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryRequests() {
  const intl = useIntl();
  const language = useLanguage();
  const { currentData, isError, error, refetch } = useGetMyDeliveryRequestsQuery(undefined);
  const time = (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  let content;
  if (isError && !currentData) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (!currentData) content = <Loader label={intl.formatMessage({ id: 'seller.delivery.loading' })} />;
  else if (currentData.length === 0) content = <p className="empty">{intl.formatMessage({ id: 'seller.delivery.empty' })}</p>;
  else {
    content = (
      <ul className="delivery-requests">
        {currentData.map((request) => (
          <li key={request.id} className="delivery-request">
            <p className="delivery-request__ad">
              <Link to={localized(language, adPath(request.listId))} dir="auto">
                {request.adTitle}
              </Link>
            </p>
            <p dir="auto">
              <strong>{request.firstName}</strong> ·{' '}
              <a href={`tel:${request.phone}`} dir="ltr">
                {request.phone}
              </a>{' '}
              · <bdi>{request.email}</bdi>
            </p>
            <p dir="auto">{[request.address, request.city].filter(Boolean).join(', ')}</p>
            <p className="delivery-request__due">{intl.formatMessage({ id: 'seller.delivery.callbackBefore' }, { time: time(request.callbackBefore) })}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="settings-card settings-card--wide" aria-labelledby="seller-delivery">
      <h2 id="seller-delivery">{intl.formatMessage({ id: 'seller.delivery.title' })}</h2>
      <p className="field__hint">{intl.formatMessage({ id: 'seller.delivery.hint' })}</p>
      {content}
    </section>
  );
}

export default function SellerSettingsPage() {
  return (
    <SellerCentre tab="settings">
      <div className="settings-grid">
        <Terms />
        <ShopLinks />
        <DeliveryRequests />
      </div>
    </SellerCentre>
  );
}
