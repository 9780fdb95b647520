// The login wall (spec §4): an action that needs a signed-in person opens the wall and keeps
// its callback; the callback runs once the person has signed in, and is dropped if they close
// the wall. Callbacks are functions, so they live here rather than in the (serialisable) store.

import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { loginWallClosed, loginWallOpened, selectIsLoggedIn } from './authSlice';

type Callback = () => void;

let pending: Callback | undefined;

/** Runs and forgets the kept callback. Called after every successful sign-in. */
export function runAfterSignIn(): void {
  const callback = pending;
  pending = undefined;
  callback?.();
}

/** Closes the wall and forgets its callback. */
export function closeLoginWall(dispatch: AppDispatch): void {
  pending = undefined;
  dispatch(loginWallClosed());
}

/**
 * `requireSignIn(action)`: runs `action` now for a signed-in person; otherwise opens the login
 * wall and runs it after sign-in.
 */
export function useRequireSignIn(): (action: Callback) => void {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useCallback(
    (action: Callback) => {
      if (isLoggedIn) {
        action();
        return;
      }
      pending = action;
      dispatch(loginWallOpened());
    },
    [dispatch, isLoggedIn],
  );
}

/**
 * `signInAgain(action)`: the server said the session is over (SESSION_EXPIRED and the like)
 * although the store still has someone signed in; opens the login wall all the same and keeps
 * `action`, which runs after the new sign-in, or after the session keeper renewed the session
 * while the wall was open (SessionKeeper.tsx).
 */
export function useSignInAgain(): (action: Callback) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (action: Callback) => {
      pending = action;
      dispatch(loginWallOpened());
    },
    [dispatch],
  );
}
