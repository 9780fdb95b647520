// The browser's real-time connection (docs/realtime.md): one socket.io-client socket per
// signed-in session, shared by every screen (chat, conversation list, unread badge, live
// statistics, saved-search alerts), authenticated by the access token in the CONNECT packet's
// `auth` (read again at every reconnection, so a renewed token is used). Tests install their own
// socket (setSessionSocketFactory) or their own connector (RealtimeContext.tsx).

import { io } from 'socket.io-client';
import type { Language } from '../app/language';
import { accessToken } from '../api/identity';

/** What the shared connection offers: emit with an acknowledgement, listen, disconnect. */
export interface SessionSocket {
  emit(event: string, payload: unknown, ack: (answer: unknown) => void): void;
  on(event: string, handler: (payload: unknown) => void): void;
  off(event: string, handler: (payload: unknown) => void): void;
  disconnect(): void;
}

export type SessionSocketFactory = (auth: () => { token: string | undefined; lang: string }) => SessionSocket;

const realFactory: SessionSocketFactory = (auth) =>
  io(window.location.origin, {
    auth: (cb: (data: object) => void) => {
      cb(auth());
    },
  });

let factory: SessionSocketFactory = realFactory;
let shared: { socket: SessionSocket; lang: string } | undefined;

/** Tests install their socket here; `undefined` restores the real one. */
export function setSessionSocketFactory(next: SessionSocketFactory | undefined): void {
  closeSessionSocket();
  factory = next ?? realFactory;
}

/** The session's socket, opened on first use (a new language opens a new one). */
export function sessionSocket(lang: string): SessionSocket {
  if (shared?.lang !== lang) {
    shared?.socket.disconnect();
    shared = { socket: factory(() => ({ token: accessToken(), lang })), lang };
  }
  return shared.socket;
}

/** Closes the shared socket (sign-out): the next person signed in gets a socket of their own. */
export function closeSessionSocket(): void {
  shared?.socket.disconnect();
  shared = undefined;
}

export type RealtimeHandler = (payload: unknown) => void;

/** What a screen needs of the socket: listen, stop listening, let go of it. */
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

/**
 * A screen's lease on the shared socket: its listeners, removed by `close` — which leaves the
 * connection open for the other screens.
 */
export const connectSocket: RealtimeConnector = (language) => {
  const socket = sessionSocket(language);
  let listeners: [string, RealtimeHandler][] = [];
  return {
    on: (event, handler) => {
      listeners.push([event, handler]);
      socket.on(event, handler);
    },
    off: (event, handler) => {
      listeners = listeners.filter(([e, h]) => e !== event || h !== handler);
      socket.off(event, handler);
    },
    close: () => {
      for (const [event, handler] of listeners) socket.off(event, handler);
      listeners = [];
    },
  };
};
