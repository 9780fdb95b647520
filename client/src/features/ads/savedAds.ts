// Saving and unsaving an ad (spec §4, §8), the same from every screen that offers it (the ad
// view's save button, favorites): success is the server's 201 (saved) or 204 (unsaved) and
// nothing else; a failure leaves the saved state as it was and says which of the three §8
// errors it is, in the operation's keys (saveAd.error.adNotFound, .sessionExpired,
// .internalError; unsaveAd.error.* likewise). The server's codes (http/src/graphql/ads.rs
// saved_error): AD_NOT_FOUND; SESSION_EXPIRED when the caller could not be identified
// (INVALID_TOKEN and LOGIN_REQUIRED mean the same here); anything else is internalError, as is
// an answer other than the expected code. A session that ended leads to sign-in, keeping the
// operation, which runs again afterwards.

import { useCallback } from 'react';
import { useSaveAdMutation, useUnsaveAdMutation } from '../../api/ads';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch } from '../../app/hooks';
import type { MessageId } from '../../app/i18n';
import { toastShown } from '../../ui/toastSlice';
import { signedOut } from '../auth/authSlice';
import { useSignInAgain } from '../auth/loginWall';
import { clearTokens } from '../auth/session';

export type SavedAdOperation = 'saveAd' | 'unsaveAd';

/** The answer each operation succeeds with. */
export const SUCCESS_CODE: Record<SavedAdOperation, number> = { saveAd: 201, unsaveAd: 204 };

const SESSION_OVER = new Set(['SESSION_EXPIRED', 'INVALID_TOKEN', 'LOGIN_REQUIRED']);

export type SavedAdError = 'adNotFound' | 'sessionExpired' | 'internalError';

/** Which §8 error a failure of save or unsave is. */
export function savedAdError(failure: unknown): SavedAdError {
  if (!isGatewayError(failure)) return 'internalError';
  if (failure.code === 'AD_NOT_FOUND') return 'adNotFound';
  if (SESSION_OVER.has(failure.code)) return 'sessionExpired';
  return 'internalError';
}

export function savedAdErrorKey(operation: SavedAdOperation, error: SavedAdError): MessageId {
  return `${operation}.error.${error}`;
}

/**
 * `run(operation, listId, onDone)`: saves or unsaves; `onDone` runs only on the server's
 * success code. `busy` while one is under way.
 */
export function useSavedAdOperation() {
  const dispatch = useAppDispatch();
  const signInAgain = useSignInAgain();
  const [save, saving] = useSaveAdMutation();
  const [unsave, unsaving] = useUnsaveAdMutation();

  const run = useCallback(
    (operation: SavedAdOperation, listId: number, onDone: () => void) => {
      const attempt = (retried: boolean) => {
        const fail = (error: SavedAdError) => {
          dispatch(toastShown({ kind: 'error', messageKey: savedAdErrorKey(operation, error), key: `${operation}:${String(listId)}` }));
          if (error !== 'sessionExpired') return;
          if (retried) {
            // Refused again right after a new session: no more automatic renewals, a real sign-in.
            clearTokens();
            dispatch(signedOut());
          }
          signInAgain(() => {
            attempt(true);
          });
        };
        const call = operation === 'saveAd' ? save({ listId }) : unsave({ listId });
        call
          .unwrap()
          .then((code) => {
            if (code === SUCCESS_CODE[operation]) onDone();
            else fail('internalError');
          })
          .catch((error: unknown) => {
            fail(savedAdError(error));
          });
      };
      attempt(false);
    },
    [dispatch, save, signInAgain, unsave],
  );
  return { run, busy: saving.isLoading || unsaving.isLoading };
}
