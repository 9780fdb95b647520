// Keeps a session alive: access tokens last 15 minutes and refresh tokens 30 days (docs/api.md).
// A minute before the access token ends (at start-up when only the refresh token is left, and
// at once when the server refused the access token: sessionExpiry.ts), it asks
// refreshAccessToken for a new pair (the refresh token is the server's HttpOnly cookie); a refresh
// token the server no longer accepts
// ends the session here too. A renewal while the login wall is open (an operation was refused
// for an ended session: loginWall.ts useSignInAgain) is a sign-in: the wall closes and its kept
// callback runs. Renders nothing.

import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useRefreshAccessTokenMutation } from '../../api/accounts';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectLoginWallOpen, selectRenewals, selectUser, signedIn, signedOut } from './authSlice';
import { runAfterSignIn } from './loginWall';
import { clearTokens, hasRefreshSession, storeTokens, userFromToken } from './session';

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_SECONDS = 60;

export function SessionKeeper() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const user = useAppSelector(selectUser);
  const [refresh] = useRefreshAccessTokenMutation();
  const expiresAt = user?.expiresAt;
  // A renewal asked for by sessionExpiry.ts runs at once.
  const renewals = useAppSelector(selectRenewals);
  const handledRenewals = useRef(0);

  useEffect(() => {
    if (!hasRefreshSession()) return;
    const renewNow = renewals > handledRenewals.current;
    handledRenewals.current = renewals;
    const wait =
      expiresAt === undefined || renewNow ? 0 : Math.max(0, (expiresAt - REFRESH_MARGIN_SECONDS) * 1000 - Date.now());
    const timer = setTimeout(() => {
      refresh(undefined)
        .unwrap()
        .then((tokens) => {
          const next = userFromToken(tokens.accessToken);
          if (!next) return;
          const wallWaiting = selectLoginWallOpen(store.getState());
          storeTokens(tokens);
          dispatch(signedIn(next));
          if (wallWaiting) runAfterSignIn();
        })
        .catch((error: unknown) => {
          // A network failure leaves things as they are; a refusal ends the session.
          if (isGatewayError(error) && error.code !== 'NETWORK_ERROR' && error.code !== 'ABORTED') {
            clearTokens();
            dispatch(signedOut());
          }
        });
    }, wait);
    return () => {
      clearTimeout(timer);
    };
  }, [dispatch, expiresAt, refresh, renewals, store]);

  return null;
}
