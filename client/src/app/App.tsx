// The root component, to be placed inside a router (BrowserRouter in the browser, MemoryRouter
// in tests): store, language and text providers, the session keepers (tokens, and the live
// socket's), the routes, the login wall and the toast region.

import { lazy, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { selectUser } from '../features/auth/authSlice';
import { LoginWall } from '../features/auth/LoginWall';
import { SessionKeeper } from '../features/auth/SessionKeeper';
import { ToastRegion } from '../ui/ToastRegion';
import { useAppSelector } from './hooks';
import { I18nProvider } from './i18n';
import { AppRoutes } from './router';
import type { AppStore } from './store';

// The live socket's keeper comes with the socket's own code (the messaging chunk), and only for
// a signed-in person: a visitor's first page does not load socket.io-client.
const LiveSessionKeeper = lazy(() =>
  import(/* webpackChunkName: "messaging" */ '../features/auth/LiveSessionKeeper').then((m) => ({
    default: m.LiveSessionKeeper,
  })),
);

function LiveSession() {
  const user = useAppSelector(selectUser);
  // Once someone has signed in, the keeper stays: signing out happens inside its own handling.
  const [wanted, setWanted] = useState(false);
  if (user && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LiveSessionKeeper />
    </Suspense>
  ) : null;
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nProvider>
        <SessionKeeper />
        <LiveSession />
        <AppRoutes />
        <LoginWall />
        <ToastRegion />
      </I18nProvider>
    </Provider>
  );
}
