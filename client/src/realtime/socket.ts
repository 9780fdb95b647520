// The browser's real-time connection (docs/realtime.md): one socket.io-client socket to
// `souk serve`, authenticated by the access token in the CONNECT packet's `auth` (read again at
// every reconnection, so a renewed token is used). Screens see it through the small
// `RealtimeSocket` interface, which tests replace (RealtimeContext.tsx).

import { io } from 'socket.io-client';
import type { Language } from '../app/language';
import { accessToken } from '../api/identity';

export type RealtimeHandler = (payload: unknown) => void;

/** What a screen needs of a socket: listen, stop listening, close. */
export interface RealtimeSocket {
  on(event: string, handler: RealtimeHandler): void;
  off(event: string, handler: RealtimeHandler): void;
  close(): void;
}

/** Opens a connection for the signed-in person, errors worded in `language`. */
export type RealtimeConnector = (language: Language) => RealtimeSocket;

/** The server's live statistics event (docs/stats.md): `count` more of `metric` at `at` (seconds). */
export interface StatsUpdate {
  adId: string | null;
  metric: string;
  count: number;
  at: number;
}

export function isStatsUpdate(value: unknown): value is StatsUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.metric === 'string' && typeof v.count === 'number' && typeof v.at === 'number';
}

/** A saved search's new matches, pushed while its owner is online (docs/search.md "Alerts"). */
export interface SearchAlert {
  searchId: number;
  name: string;
  listIds: number[];
}

export function isSearchAlert(value: unknown): value is SearchAlert {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.searchId === 'number' && Array.isArray(v.listIds);
}

export const connectSocket: RealtimeConnector = (language) => {
  const socket = io({
    auth: (callback) => {
      callback({ token: accessToken() ?? '', lang: language });
    },
  });
  return {
    on: (event, handler) => {
      socket.on(event, handler);
    },
    off: (event, handler) => {
      socket.off(event, handler);
    },
    close: () => {
      socket.close();
    },
  };
};
