// Who is signed in, as the whole app sees it, and whether the login wall is open. The tokens
// themselves live in cookies (session.ts); this slice holds the person read from them so that
// screens re-render when someone signs in or out.

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storedUser, type SessionUser } from './session';

export interface AuthState {
  user: SessionUser | null;
  /** The login wall dialog (loginWall.ts keeps the callback to run after sign-in). */
  wallOpen: boolean;
  /** Bumped when the server refused the access token: the session keeper renews it now. */
  renewals: number;
}

export const authSlice = createSlice({
  name: 'auth',
  // Lazy: read the cookie when a store is created, not when the module loads.
  initialState: (): AuthState => ({ user: storedUser() ?? null, wallOpen: false, renewals: 0 }),
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.wallOpen = false;
    },
    signedOut(state) {
      state.user = null;
    },
    renewalRequested(state) {
      state.renewals += 1;
    },
    loginWallOpened(state) {
      state.wallOpen = true;
    },
    loginWallClosed(state) {
      state.wallOpen = false;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsLoggedIn: (state) => state.user !== null,
    selectLoginWallOpen: (state) => state.wallOpen,
    selectRenewals: (state) => state.renewals,
  },
});

export const { signedIn, signedOut, renewalRequested, loginWallOpened, loginWallClosed } = authSlice.actions;
export const { selectUser, selectIsLoggedIn, selectLoginWallOpen, selectRenewals } = authSlice.selectors;
