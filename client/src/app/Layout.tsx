// The frame of every page: skip link, header with the product name, the "post an ad" entry
// (for visitors it opens the login wall, which keeps the way to the ad form), the sign-in (or
// account) link and the language switch, the search bar (issue 26; the home has its own, large;
// on a phone the header is two rows: a menu button with the name and account, then the search),
// the site footer, the link to the moderation desk for admins in their own session, the banner
// of an admin acting as the user (spec §6,
// on every page of such a session), and the main landmark where the routed page (loaded on
// demand) appears.

import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { selectUser } from '../features/auth/authSlice';
import { isSeller } from '../features/auth/session';
import { useRequireSignIn } from '../features/auth/loginWall';
import { SearchBar } from '../features/search/SearchBar';
import { Icon } from '../ui/Icon';
import { Loader } from '../ui/Loader';
import { useAppSelector } from './hooks';
import { useLanguage } from './i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { localized, PATHS } from './paths';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SiteFooter } from './SiteFooter';

// The chat socket (socket.io-client) stays out of the main chunk.
const UnreadBadge = lazy(() => import(/* webpackChunkName: "messaging" */ '../features/messaging/UnreadBadge'));
// Only e-commerce shop owners (allowedAccess seller.my-products) get the live order alerts.
const SellerOrdersBadge = lazy(() => import(/* webpackChunkName: "seller-alerts" */ '../features/seller/SellerOrdersBadge'));
// Only an acting admin's session needs it (and getCurrentUser with it).
const ActingAdminBanner = lazy(() => import(/* webpackChunkName: "acting-admin" */ '../features/account-area/ActingAdminBanner'));

/** The shop directory (spec §2 `/boutiques`), French without prefix like the server's pages. */
function shopDirectoryPath(language: string): string {
  return language === 'ar' ? '/ar/boutiques' : '/boutiques';
}

/** "Déposer une annonce": a plain link to step 1 of the ad form; a visitor gets the login wall first. */
function PostAdLink() {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const to = localized(language, PATHS.adInsert);
  return (
    <Link
      className="button button--primary app-header__post"
      to={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        requireSignIn(() => void navigate(to));
      }}
    >
      {intl.formatMessage({ id: 'header.postAd' })}
    </Link>
  );
}

/** The home page (/, /home, /fr, /ar and their /home): its own large search bar replaces the header's. */
function isHomePath(pathname: string): boolean {
  return /^\/(?:(?:fr|ar)\/?)?(?:home\/?)?$/.test(pathname);
}

export function Layout() {
  const intl = useIntl();
  const language = useLanguage();
  const { pathname } = useLocation();
  const user = useAppSelector(selectUser);
  // The phone menu is open on the page where it was opened: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const home = isHomePath(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <header className={home ? 'app-header app-header--home' : 'app-header'}>
        <div className="app-header__bar">
          <button
            type="button"
            className="app-header__menu"
            aria-expanded={menuOpen}
            aria-controls="app-menu"
            aria-label={intl.formatMessage({ id: 'header.menu' })}
            onClick={() => {
              setMenuOpenOn(menuOpen ? null : pathname);
            }}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
          </button>
          <Link className="app-header__brand" to={`/${language}`} aria-label={intl.formatMessage({ id: 'app.homeLink' })}>
            {intl.formatMessage({ id: 'app.name' })}
          </Link>
          <nav id="app-menu" className={menuOpen ? 'app-header__actions app-header__actions--open' : 'app-header__actions'} aria-label={intl.formatMessage({ id: 'header.navigation' })}>
            <PostAdLink />
            <Link className="app-header__shops" to={shopDirectoryPath(language)}>
              {intl.formatMessage({ id: 'shops.link' })}
            </Link>
            {user && isSeller(user) ? (
              <Suspense fallback={null}>
                <SellerOrdersBadge />
              </Suspense>
            ) : null}
            {user ? (
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            ) : null}
            {user?.isAdmin && user.actingAdminId === null ? (
              <Link className="app-header__admin" to={localized(language, PATHS.adminModeration)}>
                {intl.formatMessage({ id: 'header.moderation' })}
              </Link>
            ) : null}
          </nav>
          <div className="app-header__end">
            <Link className="app-header__account" to={localized(language, user ? PATHS.account : PATHS.signIn)}>
              {intl.formatMessage({ id: user ? (user.type === 'shop' ? 'header.myShop' : 'header.myAccount') : 'header.signIn' })}
            </Link>
            <LanguageSwitch />
          </div>
        </div>
        {home ? null : (
          <div className="app-header__search">
            <SearchBar key={pathname} variant="header" />
          </div>
        )}
      </header>
      {user?.actingAdminId != null ? (
        <div className="app-notices">
          <Suspense fallback={null}>
            <ActingAdminBanner />
          </Suspense>
        </div>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Keyed by path so that leaving a failed page clears the error. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
