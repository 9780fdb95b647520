// The chat socket (docs/realtime.md): one shared Socket.IO connection per signed-in session,
// the access token in `auth`. Screens use the small `ChatSocket` interface, so a test can
// install its own (setChatSocketFactory) and drive the server's events itself.

import { io } from 'socket.io-client';
import { accessToken } from '../auth/session';

export interface ChatError {
  code: string;
  messageKey: string;
  message: string;
}

export type Ack<T> = ({ ok: true } & T) | { ok: false; error: ChatError };

export interface ChatSocket {
  emit(event: string, payload: unknown, ack: (answer: unknown) => void): void;
  on(event: string, handler: (payload: unknown) => void): void;
  off(event: string, handler: (payload: unknown) => void): void;
  disconnect(): void;
}

export type ChatSocketFactory = (auth: () => { token: string | undefined; lang: string }) => ChatSocket;

const realFactory: ChatSocketFactory = (auth) =>
  io(window.location.origin, {
    auth: (cb: (data: object) => void) => {
      cb(auth());
    },
  });

let factory: ChatSocketFactory = realFactory;
let shared: { socket: ChatSocket; lang: string } | undefined;

/** Tests install their socket here; `undefined` restores the real one. */
export function setChatSocketFactory(next: ChatSocketFactory | undefined): void {
  shared?.socket.disconnect();
  shared = undefined;
  factory = next ?? realFactory;
}

/** The session's socket, opened on first use. */
export function chatSocket(lang: string): ChatSocket {
  if (shared?.lang !== lang) {
    shared?.socket.disconnect();
    shared = { socket: factory(() => ({ token: accessToken(), lang })), lang };
  }
  return shared.socket;
}

/** Closes the shared socket (sign-out). */
export function closeChatSocket(): void {
  shared?.socket.disconnect();
  shared = undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Emits with an acknowledgement; resolves with the ack's fields or rejects with its error. */
export function request<T>(socket: ChatSocket, event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChatRequestError({ code: 'TIMEOUT', messageKey: 'chat.error.timeout', message: '' }));
    }, timeoutMs);
    socket.emit(event, payload, (answer: unknown) => {
      clearTimeout(timer);
      if (isRecord(answer) && answer.ok === true) resolve(answer as T);
      else if (isRecord(answer) && isRecord(answer.error)) {
        const e = answer.error;
        reject(
          new ChatRequestError({
            code: typeof e.code === 'string' ? e.code : 'INTERNAL',
            messageKey: typeof e.messageKey === 'string' ? e.messageKey : 'common.error.generic',
            message: typeof e.message === 'string' ? e.message : '',
          }),
        );
      } else reject(new ChatRequestError({ code: 'INTERNAL', messageKey: 'common.error.generic', message: '' }));
    });
  });
}

/** An ack's error; it has the gateway error's shape, so ErrorMessage / errorText translate it (§8). */
export class ChatRequestError extends Error {
  readonly code: string;
  readonly messageKey: string;
  constructor(chat: ChatError) {
    super(chat.message);
    this.code = chat.code;
    this.messageKey = chat.messageKey;
  }
}

export interface ChatPeer {
  accountId: number;
  name: string;
  online: boolean;
  lastSeen: number | null;
}

export interface Conversation {
  id: string;
  listId: number;
  adTitle: string;
  adImage: string | null;
  other: ChatPeer;
  lastMessagePreview: string | null;
  lastActivity: number;
  unread: number;
  blocked: boolean;
  blockedByMe: boolean;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  senderId: number;
  text: string | null;
  attachment: { name: string; contentType: string; size: number; url: string } | null;
  sentAt: number;
  clientMessageId: string | null;
}
