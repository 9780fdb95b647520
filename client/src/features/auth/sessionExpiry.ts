// What happens when the server says the session is over (SESSION_EXPIRED, INVALID_TOKEN) in
// answer to any operation: with a refresh token left, the session keeper is asked to renew
// the access token now (the screens then refetch with the new one); without one, the person
// is signed out here too, so that screens offer sign-in instead of failing.

import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { isGatewayError } from '../../api/gateway';
import { renewalRequested, signedOut } from './authSlice';
import { clearTokens, hasRefreshSession } from './session';

const SESSION_OVER = new Set(['SESSION_EXPIRED', 'INVALID_TOKEN']);

function endpointOf(action: { meta?: unknown }): string | undefined {
  const meta = action.meta as { arg?: { endpointName?: unknown } } | undefined;
  return typeof meta?.arg?.endpointName === 'string' ? meta.arg.endpointName : undefined;
}

export const sessionExpiryMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (
    isRejectedWithValue(action) &&
    isGatewayError(action.payload) &&
    SESSION_OVER.has(action.payload.code) &&
    // The renewal's own refusal is the session keeper's to handle.
    endpointOf(action) !== 'refreshAccessToken'
  ) {
    const state = store.getState() as { auth?: { user: unknown } };
    if (state.auth?.user) {
      if (hasRefreshSession()) {
        store.dispatch(renewalRequested());
      } else {
        clearTokens();
        store.dispatch(signedOut());
      }
    }
  }
  return result;
};
