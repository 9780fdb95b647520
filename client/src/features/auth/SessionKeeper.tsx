// Keeps a session alive: access tokens last 15 minutes and refresh tokens 30 days (docs/api.md).
// A minute before the access token ends (at start-up when only the refresh token is left, and
// at once when the server refused the access token: sessionExpiry.ts), it asks
// refreshAccessToken for a new pair; a refresh token the server no longer accepts
// ends the session here too. Renders nothing.

import { useEffect, useRef } from 'react';
import { useRefreshAccessTokenMutation } from '../../api/accounts';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectRenewals, selectUser, signedIn, signedOut } from './authSlice';
import { clearTokens, refreshToken, storeTokens, userFromToken } from './session';

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_SECONDS = 60;

export function SessionKeeper() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [refresh] = useRefreshAccessTokenMutation();
  const expiresAt = user?.expiresAt;
  // A renewal asked for by sessionExpiry.ts runs at once.
  const renewals = useAppSelector(selectRenewals);
  const handledRenewals = useRef(0);

  useEffect(() => {
    const token = refreshToken();
    if (!token) return;
    const renewNow = renewals > handledRenewals.current;
    handledRenewals.current = renewals;
    const wait =
      expiresAt === undefined || renewNow ? 0 : Math.max(0, (expiresAt - REFRESH_MARGIN_SECONDS) * 1000 - Date.now());
    const timer = setTimeout(() => {
      refresh({ refreshToken: token })
        .unwrap()
        .then((tokens) => {
          const next = userFromToken(tokens.accessToken);
          if (!next) return;
          storeTokens(tokens);
          dispatch(signedIn(next));
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
  }, [dispatch, expiresAt, refresh, renewals]);

  return null;
}
