// A route element that needs a signed-in person (the account area): anyone else is sent to
// the sign-in page, which brings them back here afterwards (?next=).

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, NEXT_PARAM, PATHS } from '../../app/paths';
import { selectIsLoggedIn } from './authSlice';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const language = useLanguage();
  const location = useLocation();
  if (isLoggedIn) return children;
  const back = `${location.pathname}${location.search}`;
  return <Navigate to={`${localized(language, PATHS.signIn)}?${NEXT_PARAM}=${encodeURIComponent(back)}`} replace />;
}
