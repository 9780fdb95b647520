// The root component, to be placed inside a router (BrowserRouter in the browser, MemoryRouter
// in tests): store, language and text providers, the session keepers (tokens, and the live
// socket's), the routes, the login wall and the toast region.

import { Provider } from 'react-redux';
import { LiveSessionKeeper } from '../features/auth/LiveSessionKeeper';
import { LoginWall } from '../features/auth/LoginWall';
import { SessionKeeper } from '../features/auth/SessionKeeper';
import { ToastRegion } from '../ui/ToastRegion';
import { I18nProvider } from './i18n';
import { AppRoutes } from './router';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nProvider>
        <SessionKeeper />
        <LiveSessionKeeper />
        <AppRoutes />
        <LoginWall />
        <ToastRegion />
      </I18nProvider>
    </Provider>
  );
}
