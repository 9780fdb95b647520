// The account area's frame (spec §2): the page title ('my account' for private sellers, 'my
// shop' for shops), the shop banner and the shop's onboarding tour, and the tabs — private: my ads, my orders, favorites, my payments, settings; shop: my ads,
// statistics, my payments, settings, and the seller centre for e-commerce shops. Selecting a tab opens it at its first status and page.

import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { OnboardingTour } from '../account-area/OnboardingTour';
import { ShopBanner } from '../account-area/ShopBanner';
import { selectUser } from '../auth/authSlice';
import { isSeller } from '../auth/session';

interface Tab {
  path: string;
  search: string;
  label: MessageId;
  /** Active on the paths below it too (settings and its sub-tabs). */
  prefix?: boolean;
}

const PRIVATE_TABS: Tab[] = [
  { path: PATHS.myAds, search: '?status=ACTIVE&page=1', label: 'accountArea.tab.myAds' },
  { path: PATHS.myOrders, search: '?status=initiated&page=1', label: 'accountArea.tab.myOrders' },
  { path: PATHS.myFavorites, search: '?status=ads&page=1', label: 'accountArea.tab.favorites' },
  { path: PATHS.myPayments, search: '', label: 'accountArea.tab.myPayments' },
  { path: PATHS.settings, search: '', label: 'accountArea.tab.settings', prefix: true },
];

const SHOP_TABS: Tab[] = [
  { path: PATHS.myAds, search: '?status=ACTIVE&page=1', label: 'accountArea.tab.myAds' },
  { path: PATHS.stats, search: '?range=LAST_7_DAYS', label: 'accountArea.tab.stats' },
  { path: PATHS.myPayments, search: '', label: 'accountArea.tab.myPayments' },
  { path: PATHS.settings, search: '', label: 'accountArea.tab.settings', prefix: true },
];

/** E-commerce shops (allowedAccess seller.my-products) reach their seller centre from here. */
const SELLER_TAB: Tab = { path: PATHS.sellerOrders, search: '?status=pending&page=1', label: 'accountArea.tab.sellerCentre' };

export function AccountArea({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const shop = user?.type === 'shop';
  const title = intl.formatMessage({ id: shop ? 'accountArea.title.shop' : 'accountArea.title.private' });
  useDocumentTitle(`${title} · Souk`);
  const tabs = shop ? (isSeller(user) ? [...SHOP_TABS, SELLER_TAB] : SHOP_TABS) : PRIVATE_TABS;
  return (
    <div className="page account-area">
      <h1>{title}</h1>
      {shop && user.storeId !== null ? <ShopBanner /> : null}
      <nav aria-label={intl.formatMessage({ id: 'accountArea.tabs' })}>
        <ul className="tabs">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={`${localized(language, tab.path)}${tab.search}`} end={!tab.prefix}>
                {intl.formatMessage({ id: tab.label })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {shop ? <OnboardingTour /> : null}
      {children}
    </div>
  );
}
