// Renders the whole app (store, i18n, routes) at a path under an in-memory router, and reports
// the router's current location.

import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { App } from '../src/app/App';
import { createAppStore } from '../src/app/store';
import { RealtimeProvider } from '../src/realtime/RealtimeContext';
import type { RealtimeConnector } from '../src/realtime/socket';

/** `realtime` replaces the socket.io connection (the screens' only injected dependency). */
export function renderApp(path = '/', options: { realtime?: RealtimeConnector } = {}) {
  const store = createAppStore();
  const current: { location?: Location } = {};
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      {options.realtime ? (
        <RealtimeProvider connector={options.realtime}>
          <App store={store} />
        </RealtimeProvider>
      ) : (
        <App store={store} />
      )}
      <LocationProbe />
    </MemoryRouter>,
  );
  return {
    ...result,
    store,
    pathname: () => current.location?.pathname,
    search: () => current.location?.search,
  };
}
