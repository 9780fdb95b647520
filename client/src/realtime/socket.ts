// The browser's real-time connection (docs/realtime.md): one socket.io-client socket per
// signed-in session, shared by every screen (chat, conversation list, unread badge, live
// statistics, saved-search alerts), authenticated by the access token in the CONNECT packet's
// `auth` (read again at every reconnection, so a renewed token is used). When the server ends
// the socket because its access token expired or was logged out (`session:expired`, then a
// Socket.IO DISCONNECT that socket.io-client does not retry by itself), the listeners of
// onSessionExpired are told, and resumeSessionSocket connects it again once a new token is
// there (features/auth/LiveSessionKeeper.tsx). Tests install their own socket
// (setSessionSocketFactory) or their own connector (RealtimeContext.tsx).

import { io } from 'socket.io-client';
import type { Language } from '../app/language';
import { accessToken } from '../api/identity';

/** What the shared connection offers: emit with an acknowledgement, listen, (dis)connect. */
export interface SessionSocket {
  emit(event: string, payload: unknown, ack: (answer: unknown) => void): void;
  on(event: string, handler: (payload: unknown) => void): void;
  off(event: string, handler: (payload: unknown) => void): void;
  /** Connects again (after the server disconnected it), reading `auth` anew. */
  connect(): void;
  readonly connected: boolean;
  disconnect(): void;
}

export type SessionSocketFactory = (auth: () => { token: string | undefined; lang: string }) => SessionSocket;

const realFactory: SessionSocketFactory = (auth) =>
  io(window.location.origin, {
    auth: (cb: (data: object) => void) => {
      cb(auth());
    },
  });

interface Shared {
  socket: SessionSocket;
  lang: string;
  /** The server ended the socket's session (session:expired) and it has not been resumed. */
  expired: boolean;
  /** What that session:expired carried, while no listener has been told (the keeper loads later). */
  untold?: { payload: unknown };
  /** A new token is there: connect again as soon as the server's DISCONNECT has arrived. */
  resumeOnDisconnect: boolean;
}

let factory: SessionSocketFactory = realFactory;
let shared: Shared | undefined;

/** What session:expired carries: the error of spec §8 (SESSION_EXPIRED). */
export type SessionExpiredListener = (payload: unknown) => void;
const expiredListeners = new Set<SessionExpiredListener>();

/** Tests install their socket here; `undefined` restores the real one. */
export function setSessionSocketFactory(next: SessionSocketFactory | undefined): void {
  closeSessionSocket();
  factory = next ?? realFactory;
}

function watch(entry: Shared): void {
  entry.socket.on('session:expired', (payload) => {
    entry.expired = true;
    if (expiredListeners.size === 0) entry.untold = { payload };
    for (const listener of [...expiredListeners]) listener(payload);
  });
  entry.socket.on('disconnect', () => {
    if (!entry.resumeOnDisconnect) return;
    entry.resumeOnDisconnect = false;
    entry.expired = false;
    entry.socket.connect();
  });
}

/** The session's socket, opened on first use (a new language opens a new one). */
export function sessionSocket(lang: string): SessionSocket {
  if (shared?.lang !== lang) {
    shared?.socket.disconnect();
    shared = { socket: factory(() => ({ token: accessToken(), lang })), lang, expired: false, resumeOnDisconnect: false };
    watch(shared);
  }
  return shared.socket;
}

/** Calls `listener` whenever the server ends the session's socket (session:expired); returns the unsubscribe. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  expiredListeners.add(listener);
  // An end that came before any listener (the keeper's code loads with the messaging chunk) is
  // told to the first one.
  const entry = shared;
  const untold = entry?.expired ? entry.untold : undefined;
  if (entry && untold) {
    entry.untold = undefined;
    queueMicrotask(() => {
      if (expiredListeners.has(listener)) listener(untold.payload);
    });
  }
  return () => {
    expiredListeners.delete(listener);
  };
}

/**
 * Connects the session's socket again with the access token now in the cookie, after the
 * server ended it (session:expired): at once when its DISCONNECT has arrived, else as soon as
 * it does. Does nothing to a socket the server did not end.
 */
export function resumeSessionSocket(): void {
  const entry = shared;
  if (!entry?.expired) return;
  if (entry.socket.connected) {
    entry.resumeOnDisconnect = true;
    return;
  }
  entry.expired = false;
  entry.socket.connect();
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
