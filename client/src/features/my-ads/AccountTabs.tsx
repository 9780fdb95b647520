// The account area's frame (spec §2): the page title ('my account' for private sellers, 'my
// shop' for shops) and the tabs my ads, favorites (private accounts) and settings.

import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { selectUser } from '../auth/authSlice';

export function AccountArea({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const title = intl.formatMessage({ id: user?.type === 'shop' ? 'accountArea.title.shop' : 'accountArea.title.private' });
  useDocumentTitle(title);
  const tabs: { path: string; label: string }[] = [{ path: PATHS.myAds, label: intl.formatMessage({ id: 'accountArea.tab.myAds' }) }];
  if (user?.type !== 'shop') tabs.push({ path: PATHS.myFavorites, label: intl.formatMessage({ id: 'accountArea.tab.favorites' }) });
  tabs.push({ path: PATHS.account, label: intl.formatMessage({ id: 'accountArea.tab.settings' }) });
  return (
    <div className="page account-area">
      <h1>{title}</h1>
      <nav aria-label={intl.formatMessage({ id: 'accountArea.tabs' })}>
        <ul className="tabs">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={localized(language, tab.path)} end>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
