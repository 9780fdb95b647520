// Where the login wall lives in the app: nothing until useRequireSignIn opens it, then the
// dialog (LoginWallDialog.tsx), loaded on demand so that pages without it stay light. On a
// sign-in or sign-up page (where RequireSignIn sends someone whose session ended on an account
// page) the page is the wall: the dialog closes and its callback stays for that sign-in.

import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { stripLanguagePrefix } from '../../app/language';
import { PATHS } from '../../app/paths';
import { loginWallClosed, selectLoginWallOpen } from './authSlice';

const LoginWallDialog = lazy(() => import(/* webpackChunkName: "login-wall" */ './LoginWallDialog'));

const SIGN_IN_PAGES = new Set<string>([PATHS.signIn, PATHS.shopSignIn, PATHS.signUp]);

export function LoginWall() {
  const open = useAppSelector(selectLoginWallOpen);
  const dispatch = useAppDispatch();
  const onSignInPage = SIGN_IN_PAGES.has(stripLanguagePrefix(useLocation().pathname));
  useEffect(() => {
    if (open && onSignInPage) dispatch(loginWallClosed());
  }, [dispatch, onSignInPage, open]);
  if (!open || onSignInPage) return null;
  return (
    <Suspense fallback={null}>
      <LoginWallDialog />
    </Suspense>
  );
}
