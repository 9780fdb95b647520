// Opening and closing a session from a component: keep the tokens (cookies), tell the store
// who signed in, run the login wall's callback (spec §4 "after-login callback runs"); on sign
// out, end the session on the server, then forget it here, close its live socket and drop cached
// personal data.

import { useCallback } from 'react';
import { api } from '../../api/baseApi';
import { useLogoutMutation, type TokenPair } from '../../api/accounts';
import { useAppDispatch } from '../../app/hooks';
import { closeSessionSocket } from '../../realtime/socket';
import { signedIn, signedOut } from './authSlice';
import { runAfterSignIn } from './loginWall';
import { clearTokens, storeTokens, userFromToken, type SessionUser } from './session';

/** Returns `start(tokens)`, which opens the session and gives the person signed in. */
export function useStartSession(): (tokens: TokenPair) => SessionUser | undefined {
  const dispatch = useAppDispatch();
  return useCallback(
    (tokens: TokenPair) => {
      const user = userFromToken(tokens.accessToken);
      if (!user) return undefined;
      storeTokens(tokens);
      dispatch(signedIn(user));
      runAfterSignIn();
      return user;
    },
    [dispatch],
  );
}

/** Returns `end()`, which signs out (locally even when the server cannot be reached). */
export function useEndSession(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    await logout(undefined);
    clearTokens();
    closeSessionSocket();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout]);
}
