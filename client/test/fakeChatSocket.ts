// A stand-in for the chat socket (the SessionSocket interface of realtime/socket.ts): tests answer the
// client's requests (`answer`) and push the server's events (`push`) themselves.

import { act } from '@testing-library/react';
import { setSessionSocketFactory, type SessionSocket } from '../src/realtime/socket';

type Responder = (payload: unknown) => unknown;

export class FakeChatSocket implements SessionSocket {
  readonly sent: { event: string; payload: unknown }[] = [];
  readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  readonly responders = new Map<string, Responder>();
  auth: { token: string | undefined; lang: string } | undefined;
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
