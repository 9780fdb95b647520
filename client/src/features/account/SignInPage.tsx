// The sign-in pages: /account/signin (private, by phone) and /account/shop/signin (shops, by
// e-mail), with the social buttons and links to sign-up and password reset. Once signed in,
// the page goes to the `next` path it was opened with, else to the account page.

import { useIntl } from 'react-intl';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, NEXT_PARAM, PATHS, safeNext } from '../../app/paths';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { selectIsLoggedIn } from '../auth/authSlice';
import { SignInForm, type SignInKind } from './SignInForm';
import { SocialSignIn } from './SocialSignIn';

function ignore(): void {
  // The page follows the store: signing in re-renders it into a redirect.
}

export function SignInPage({ kind }: { kind: SignInKind }) {
  const intl = useIntl();
  const language = useLanguage();
  const [params] = useSearchParams();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const title = intl.formatMessage({ id: kind === 'private' ? 'signin.title' : 'signin.shop.title' });
  useDocumentTitle(`${title} · Souk`);

  const next = safeNext(params.get(NEXT_PARAM));
  if (isLoggedIn) return <Navigate to={next ?? localized(language, PATHS.account)} replace />;
  const keepNext = next ? `?${NEXT_PARAM}=${encodeURIComponent(next)}` : '';

  return (
    <div className="page account-entry">
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: kind === 'private' ? 'signin.intro' : 'signin.shop.intro' })}</p>
      <SignInForm kind={kind} onSignedIn={ignore} />
      <p>
        <Link to={localized(language, PATHS.resetPassword)}>{intl.formatMessage({ id: 'signin.forgotPassword' })}</Link>
      </p>
      <SocialSignIn onSignedIn={ignore} />
      <ul className="account-entry__links">
        <li>
          <Link to={`${localized(language, PATHS.signUp)}${keepNext}`}>
            {intl.formatMessage({ id: 'signin.createAccount' })}
          </Link>
        </li>
        <li>
          <Link to={`${localized(language, kind === 'private' ? PATHS.shopSignIn : PATHS.signIn)}${keepNext}`}>
            {intl.formatMessage({ id: kind === 'private' ? 'signin.toShop' : 'signin.toPrivate' })}
          </Link>
        </li>
      </ul>
    </div>
  );
}

export function PrivateSignInPage() {
  return <SignInPage kind="private" />;
}

export function ShopSignInPage() {
  return <SignInPage kind="shop" />;
}
