// A stand-in for the chat socket (the SessionSocket interface of realtime/socket.ts): tests answer the
// client's requests (`answer`), push the server's events (`push`) and end the socket as the server
// does (`endSession`: session:expired then the DISCONNECT) themselves; `connect` reads the auth
// again, as socket.io-client does, and reports a `connect` event a moment later.

import { act } from '@testing-library/react';
import { setSessionSocketFactory, type SessionSocket } from '../src/realtime/socket';

type Responder = (payload: unknown) => unknown;

export class FakeChatSocket implements SessionSocket {
  readonly sent: { event: string; payload: unknown }[] = [];
  readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  readonly responders = new Map<string, Responder>();
  auth: { token: string | undefined; lang: string } | undefined;
  /** Where `auth` is read from (the session's cookie), at creation and at every connect. */
  authSource: (() => { token: string | undefined; lang: string }) | undefined;
  /** The auth of every connection after the first. */
  readonly reconnections: { token: string | undefined; lang: string }[] = [];
  connected = true;
  disconnected = false;

  emit(event: string, payload: unknown, ack: (answer: unknown) => void): void {
    this.sent.push({ event, payload });
    const responder = this.responders.get(event);
    if (!responder) return; // left pending
    const answer = responder(payload);
    void Promise.resolve(answer).then((value) => {
      act(() => {
        ack(value);
      });
    });
  }

  on(event: string, handler: (payload: unknown) => void): void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
  }

  off(event: string, handler: (payload: unknown) => void): void {
    this.handlers.get(event)?.delete(handler);
  }

  disconnect(): void {
    this.disconnected = true;
    this.connected = false;
  }

  /** Connects again: the auth is read now, the connection is made a moment later, as socket.io-client does. */
  connect(): void {
    if (this.connected) return;
    this.auth = this.authSource?.();
    if (this.auth) this.reconnections.push(this.auth);
    void Promise.resolve().then(() => {
      this.connected = true;
      this.push('connect', undefined);
    });
  }

  /** What the server does when the access token expires or is logged out (docs/realtime.md). */
  endSession(): void {
    this.push('session:expired', {
      code: 'SESSION_EXPIRED',
      messageKey: 'common.error.sessionExpired',
      message: 'Votre session a expiré. Veuillez vous reconnecter',
    });
    this.connected = false;
    this.push('disconnect', 'io server disconnect');
  }

  answer(event: string, responder: Responder): this {
    this.responders.set(event, responder);
    return this;
  }

  push(event: string, payload: unknown): void {
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }
}

/** Installs a fresh fake socket as the session's socket. */
export function installFakeSocket(): FakeChatSocket {
  const socket = new FakeChatSocket();
  setSessionSocketFactory((auth) => {
    socket.authSource = auth;
    socket.auth = auth();
    return socket;
  });
  return socket;
}

export function chatError(code: string, messageKey: string, message: string) {
  return { ok: false, error: { code, messageKey, message } };
}

export function conversation(overrides: Record<string, unknown> = {}) {
  return {
    id: 'c1',
    listId: 10000042,
    adId: 'a1',
    adTitle: 'Dacia Logan 2019',
    adImage: null,
    buyerId: 1,
    sellerId: 3,
    visitorEmail: null,
    other: { accountId: 3, name: 'Auto Atlas', online: false, lastSeen: 1763794000000 },
    lastMessageId: 'm1',
    lastMessagePreview: 'Bonjour',
    lastSenderId: 1,
    lastActivity: 1763795000123,
    unread: 0,
    readUpto: 'm1',
    otherReadUpto: 'm1',
    blocked: false,
    blockedByMe: false,
    ...overrides,
  };
}
