// The one RTK Query API of the app. It has no endpoints of its own: each area injects its
// endpoints from its own module (catalog.ts, ...), so a screen's chunk carries only what it uses.

import { createApi } from '@reduxjs/toolkit/query/react';
import { gatewayBaseQuery } from './gateway';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: gatewayBaseQuery,
  endpoints: () => ({}),
});
