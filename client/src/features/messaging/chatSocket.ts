// Chat over the session's shared socket (realtime/socket.ts, docs/realtime.md): requests with
// acknowledgements as promises, their §8 errors, and the shapes of conversations and messages.
// What the screens show is read through the store (chatApi, api/chat.ts), which asks with it.

import type { SessionSocket } from '../../realtime/socket';

export interface ChatError {
  code: string;
  messageKey: string;
  message: string;
}

export type Ack<T> = ({ ok: true } & T) | { ok: false; error: ChatError };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The §8 error carried under `error` by a refused acknowledgement (`{ok: false, error}`) or a
 * `chat:error` report (`{event, error}`); fields that are missing get the generic failure's.
 */
export function chatErrorOf(value: unknown): ChatError {
  const e = isRecord(value) && isRecord(value.error) ? value.error : {};
  return {
    code: typeof e.code === 'string' ? e.code : 'INTERNAL',
    messageKey: typeof e.messageKey === 'string' ? e.messageKey : 'common.error.generic',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

/** Emits with an acknowledgement; resolves with the ack's fields or rejects with its error. */
export function request<T>(socket: SessionSocket, event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChatRequestError({ code: 'TIMEOUT', messageKey: 'chat.error.timeout', message: '' }));
    }, timeoutMs);
    socket.emit(event, payload, (answer: unknown) => {
      clearTimeout(timer);
      if (isRecord(answer) && answer.ok === true) resolve(answer as T);
      else reject(new ChatRequestError(chatErrorOf(answer)));
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

/** The other person; `accountId` and `name` are null for a visitor who wrote from the message form. */
export interface ChatPeer {
  accountId: number | null;
  name: string | null;
  online: boolean;
  lastSeen: number | null;
}

export interface Conversation {
  id: string;
  listId: number;
  adTitle: string;
  adImage: string | null;
  other: ChatPeer;
  /** The e-mail of a visitor who wrote from the message form without an account. */
  visitorEmail?: string | null;
  /** The newest message's id (time-ordered: comparing ids compares times). */
  lastMessageId: string | null;
  lastMessagePreview: string | null;
  lastActivity: number;
  unread: number;
  /** The last message I read, and the last one the other person read (the read ticks). */
  readUpto: string | null;
  otherReadUpto: string | null;
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

/** How the other person is named: their name, else a visitor's e-mail. */
export function peerName(conversation: Conversation): string {
  return conversation.other.name ?? conversation.visitorEmail ?? '';
}
