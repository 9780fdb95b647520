// The seller centre's frame (spec §2 seller.*, issue 23): the title with the "add a product"
// action, the seller banner (points, orders, items, due and unpaid, next transfer —
// getMySellerSummary) and the tabs my-products, my-orders, my-payments, settings, each opening at
// its first status and page. Only an account whose token carries `seller.my-products` in
// allowedAccess enters; anyone else sees why and where to go instead. Screens that are desktop
// only (products, payments, the product form) show a notice below the 728 px breakpoint
// (spec §9) instead of a cramped table.

import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetMySellerSummaryQuery } from '../../api/seller';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { Icon, type IconName } from '../../ui/Icon';
import { Amount } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useIsMobile } from '../../ui/useIsMobile';
import { selectUser } from '../auth/authSlice';
import { isSeller } from '../auth/session';
import { dayText } from './format';
import { selectUnseenOrders } from './orderAlertsSlice';
import '../ecommerce/ecommerce.css';
import './seller.css';

export type SellerTab = 'products' | 'orders' | 'payments' | 'settings';

const TABS: { tab: SellerTab; path: string; search: string; label: MessageId }[] = [
  { tab: 'products', path: PATHS.sellerProducts, search: '?status=active&page=1', label: 'seller.tab.products' },
  { tab: 'orders', path: PATHS.sellerOrders, search: '?status=pending&page=1', label: 'seller.tab.orders' },
  { tab: 'payments', path: PATHS.sellerPayments, search: '?page=1', label: 'seller.tab.payments' },
  { tab: 'settings', path: PATHS.sellerSettings, search: '', label: 'seller.tab.settings' },
];

function Fact({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'seller-banner__fact seller-banner__fact--strong' : 'seller-banner__fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec §2 seller banner: points, orders, items, due and unpaid, next transfer. */
export function SellerBanner() {
  const intl = useIntl();
  const { currentData: summary, isError } = useGetMySellerSummaryQuery(undefined);
  const label = intl.formatMessage({ id: 'seller.banner' });
  if (!summary) {
    // The banner is secondary: while it loads (or if it failed) the page keeps its place.
    return (
      <section className="seller-banner seller-banner--loading" aria-label={label} aria-busy={!isError}>
        {isError ? <p className="seller-banner__error">{intl.formatMessage({ id: 'seller.banner.unavailable' })}</p> : null}
      </section>
    );
  }
  const number = (value: number) => intl.formatNumber(value);
  return (
    <section className="seller-banner" aria-label={label}>
      <dl className="seller-banner__facts">
        <Fact label={intl.formatMessage({ id: 'seller.banner.points' })}>{number(summary.points)}</Fact>
        <Fact label={intl.formatMessage({ id: 'seller.banner.orders' })}>{number(summary.ordersCount)}</Fact>
        <Fact label={intl.formatMessage({ id: 'seller.banner.items' })}>{number(summary.itemsCount)}</Fact>
        <Fact label={intl.formatMessage({ id: 'seller.banner.due' })} strong>
          <Amount text={summary.due.withCurrency} />
        </Fact>
        <Fact label={intl.formatMessage({ id: 'seller.banner.unpaid' })}>
          <Amount text={summary.unpaid.withCurrency} />
        </Fact>
        <Fact label={intl.formatMessage({ id: 'seller.banner.nextTransfer' })}>
          {summary.nextTransferDate ? dayText(intl, summary.nextTransferDate) : intl.formatMessage({ id: 'seller.banner.noTransfer' })}
        </Fact>
      </dl>
    </section>
  );
}

/** A full-width explanation that replaces a screen (no access, desktop only). */
export function NoticeCard({ icon, title, children, actions }: { icon: IconName; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="notice-card" aria-labelledby="notice-card-title">
      <span className="notice-card__icon">
        <Icon name={icon} size={30} />
      </span>
      <h2 id="notice-card-title" className="notice-card__title">
        {title}
      </h2>
      <div className="notice-card__body">{children}</div>
      {actions ? <div className="notice-card__actions">{actions}</div> : null}
    </section>
  );
}

/** Spec §2: products and payments are desktop only; a phone gets this instead. */
export function DesktopOnlyNotice({ what }: { what: 'products' | 'payments' }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <NoticeCard
      icon="desktop"
      title={intl.formatMessage({ id: 'seller.desktopOnly.title' })}
      actions={
        <Link className="button button--primary" to={`${localized(language, PATHS.sellerOrders)}?status=pending&page=1`}>
          {intl.formatMessage({ id: 'seller.desktopOnly.orders' })}
        </Link>
      }
    >
      <p>{intl.formatMessage({ id: what === 'products' ? 'seller.desktopOnly.products' : 'seller.desktopOnly.payments' })}</p>
      <p className="notice-card__hint">{intl.formatMessage({ id: 'seller.desktopOnly.hint' })}</p>
    </NoticeCard>
  );
}

function NotASeller() {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <div className="page seller-centre">
      <h1>{intl.formatMessage({ id: 'seller.title' })}</h1>
      <NoticeCard
        icon="store"
        title={intl.formatMessage({ id: 'seller.error.roleRequired' })}
        actions={
          <>
            <Link className="button button--primary" to={localized(language, PATHS.account)}>
              {intl.formatMessage({ id: 'seller.noAccess.account' })}
            </Link>
            <Link className="button" to={localized(language, '/')}>
              {intl.formatMessage({ id: 'seller.noAccess.home' })}
            </Link>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'seller.noAccess.body' })}</p>
      </NoticeCard>
    </div>
  );
}

interface SellerCentreProps {
  tab: SellerTab | null;
  /** The screen needs a desktop: a phone sees the notice instead of `children`. */
  desktopOnly?: 'products' | 'payments';
  children: ReactNode;
}

export function SellerCentre({ tab, desktopOnly, children }: SellerCentreProps) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const mobile = useIsMobile();
  const unseen = useAppSelector(selectUnseenOrders);
  const title = intl.formatMessage({ id: 'seller.title' });
  useDocumentTitle(`${title} · Souk`);
  if (!isSeller(user)) return <NotASeller />;
  return (
    <div className="page seller-centre">
      <div className="seller-centre__head">
        <div>
          <h1>{title}</h1>
          {user?.name ? <p className="seller-centre__shop">{user.name}</p> : null}
        </div>
        {!mobile && tab !== null ? (
          <Link className="button button--primary" to={localized(language, PATHS.productInsert)}>
            {intl.formatMessage({ id: 'seller.product.add' })}
          </Link>
        ) : null}
      </div>
      <SellerBanner />
      <nav aria-label={intl.formatMessage({ id: 'seller.tabs' })}>
        <ul className="seller-tabs">
          {TABS.map((item) => (
            <li key={item.tab}>
              <Link
                to={`${localized(language, item.path)}${item.search}`}
                aria-current={item.tab === tab ? 'page' : undefined}
                className="seller-tabs__tab"
              >
                {intl.formatMessage({ id: item.label })}
                {item.tab === 'orders' && unseen > 0 ? (
                  <span className="badge" aria-label={intl.formatMessage({ id: 'header.newOrders' }, { count: unseen })}>
                    {unseen}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {desktopOnly && mobile ? <DesktopOnlyNotice what={desktopOnly} /> : children}
    </div>
  );
}
