// The login wall dialog (spec §4 "Login wall opens and keeps a callback"), loaded when
// useRequireSignIn first opens it (LoginWall.tsx). It offers the phone sign-in form in place
// and links to the shop sign-in and to sign-up (the callback is kept for a sign-in there); it
// closes by itself once the person is signed in, and the kept callback then runs.

import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { SignInForm } from '../account/SignInForm';
import { loginWallClosed } from './authSlice';
import { closeLoginWall } from './loginWall';

function ignore(): void {
  // Signing in closes the wall through the store.
}

export default function LoginWallDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeLoginWall(dispatch);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [dispatch]);

  const close = () => {
    closeLoginWall(dispatch);
  };
  // Going to another sign-in page keeps the callback: it runs after that sign-in.
  const leave = () => {
    dispatch(loginWallClosed());
  };
  return (
    <div className="login-wall">
      <div ref={dialog} className="login-wall__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="login-wall__header">
          <h2 id={titleId}>{intl.formatMessage({ id: 'loginWall.title' })}</h2>
          <button type="button" className="toast__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p>{intl.formatMessage({ id: 'loginWall.body' })}</p>
        <SignInForm kind="private" onSignedIn={ignore} />
        <ul className="account-entry__links">
          <li>
            <Link to={localized(language, PATHS.shopSignIn)} onClick={leave}>
              {intl.formatMessage({ id: 'signin.toShop' })}
            </Link>
          </li>
          <li>
            <Link to={localized(language, PATHS.signUp)} onClick={leave}>
              {intl.formatMessage({ id: 'signin.createAccount' })}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
