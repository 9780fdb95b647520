// The valuation's sign-in (/connexion; issue 25): the valuation is per account (spec §6 limit),
// so its steps and "my estimations" send a visitor here, which opens the site's sign-in page
// bringing them back afterwards (?next=, the steps by default). Bad credentials are the sign-in
// page's (INCORRECT_CREDENTIALS).

import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, NEXT_PARAM, PATHS, safeNext } from '../../app/paths';
import { selectIsLoggedIn } from '../auth/authSlice';

export function ValuationSignIn() {
  const language = useLanguage();
  const [search] = useSearchParams();
  const next = safeNext(search.get(NEXT_PARAM)) ?? localized(language, PATHS.valuationSteps);
  return <Navigate to={`${localized(language, PATHS.signIn)}?${NEXT_PARAM}=${encodeURIComponent(next)}`} replace />;
}

/** A valuation page for a signed-in person; a visitor goes through /connexion. */
export function RequireValuationSignIn({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const language = useLanguage();
  const location = useLocation();
  if (isLoggedIn) return children;
  const back = `${location.pathname}${location.search}`;
  return <Navigate to={`${localized(language, PATHS.valuationSignIn)}?${NEXT_PARAM}=${encodeURIComponent(back)}`} replace />;
}
