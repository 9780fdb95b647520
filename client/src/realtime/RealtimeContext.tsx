// Which connector screens use to open the real-time socket: socket.io-client by default, a fake
// in component tests (the one thing tests replace besides fetch).

import { createContext, useContext, type ReactNode } from 'react';
import { connectSocket, type RealtimeConnector } from './socket';

const RealtimeContext = createContext<RealtimeConnector>(connectSocket);

export function RealtimeProvider({ connector, children }: { connector: RealtimeConnector; children: ReactNode }) {
  return <RealtimeContext value={connector}>{children}</RealtimeContext>;
}

export function useRealtimeConnector(): RealtimeConnector {
  return useContext(RealtimeContext);
}
