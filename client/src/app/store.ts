// The redux store: the current language, who is signed in (and the login wall), toasts, a shop
// owner's live order alerts, and the RTK Query cache of gateway data.

import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { toastsSlice } from '../ui/toastSlice';
import { authSlice } from '../features/auth/authSlice';
import { sessionExpiryMiddleware } from '../features/auth/sessionExpiry';
import { orderAlertsSlice } from '../features/seller/orderAlertsSlice';
import { languageSlice } from './languageSlice';

const rootReducer = combineSlices(languageSlice, authSlice, toastsSlice, orderAlertsSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({
        // Development-only checks; on a busy machine they take longer than the 32 ms default.
        immutableCheck: { warnAfter: 200 },
        serializableCheck: { warnAfter: 200 },
      }).concat(api.middleware, sessionExpiryMiddleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
