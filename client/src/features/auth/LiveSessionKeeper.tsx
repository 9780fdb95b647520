// Keeps the live socket signed in (docs/realtime.md "A socket lives no longer than its access
// token"): when the server ends it (session:expired), the session keeper is asked for a new
// access token at once and the socket connects again with it (realtime/socket.ts
// resumeSessionSocket); with no refresh token left, or when the renewal is refused, the person
// is signed out here, told in the §8 wording, and sent to sign in with the page they were on
// as the place to come back to (?next=). Renders nothing.

import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accessToken } from '../../api/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, NEXT_PARAM, PATHS } from '../../app/paths';
import { closeSessionSocket, onSessionExpired, resumeSessionSocket } from '../../realtime/socket';
import { toastShown } from '../../ui/toastSlice';
import { renewalRequested, selectUser, signedOut } from './authSlice';
import { clearTokens, hasRefreshSession } from './session';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function LiveSessionKeeper() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  // While a renewal asked for by session:expired runs: the token the socket had, the page the
  // person was on then, and how the server worded the end of the session.
  const renewing = useRef<{ token: string | undefined; path: string; ended: unknown } | undefined>(undefined);
  // Where the person is, as of the last render: what signing in again needs.
  const here = useRef({ path: '/', language });
  useEffect(() => {
    here.current = { path: `${location.pathname}${location.search}`, language };
  });

  const signInAgain = useCallback(
    (ended: unknown, path: string) => {
      renewing.current = undefined;
      clearTokens();
      closeSessionSocket();
      dispatch(signedOut());
      const error = isRecord(ended) ? ended : {};
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: typeof error.messageKey === 'string' ? error.messageKey : 'common.error.sessionExpired',
          message: typeof error.message === 'string' ? error.message : undefined,
          key: 'session:expired',
        }),
      );
      // The same place a signed-in page sends a signed-out person (RequireSignIn), which
      // replaces the page in the history as this does; the sign-in page links to the shops' one.
      const page = localized(here.current.language, PATHS.signIn);
      void navigate(`${page}?${NEXT_PARAM}=${encodeURIComponent(path)}`, { replace: true });
    },
    [dispatch, navigate],
  );

  useEffect(
    () =>
      onSessionExpired((ended) => {
        const { path } = here.current;
        if (!hasRefreshSession()) {
          signInAgain(ended, path);
          return;
        }
        renewing.current = { token: accessToken(), path, ended };
        dispatch(renewalRequested());
      }),
    [dispatch, signInAgain],
  );

  // The renewal's outcome reaches the store: the person with a new token, or nobody.
  useEffect(() => {
    const pending = renewing.current;
    if (!pending) return;
    if (!user) {
      signInAgain(pending.ended, pending.path);
      return;
    }
    if (accessToken() !== pending.token) {
      renewing.current = undefined;
      resumeSessionSocket();
    }
  }, [user, signInAgain]);

  return null;
}
