// Chat in the store (issue 30): `chatApi` holds, in the one RTK Query cache of the app, the
// conversation list with the unread total (chat:list), each open conversation
// (chat:conversation, however old) and each open thread (chat:history), all asked over the
// session's socket (realtime/socket.ts, the contract of docs/realtime.md). One set of socket
// listeners, held while any of these entries is cached, patches them in place from the server's
// events — a new message, a read receipt, typing, presence, blocked, deleted — so the
// conversation list, the open conversation and the header's unread badge read the same data and
// no event makes anything be asked again. After a reconnection the list and the open
// conversations are asked again and the threads catch up with chat:sync.

import type { ThunkDispatch } from '@reduxjs/toolkit';
import { isLanguage, DEFAULT_LANGUAGE } from '../app/language';
import { sessionSocket, type SessionSocket } from '../realtime/socket';
import { ChatRequestError, request, type ChatMessage, type Conversation } from '../features/messaging/chatSocket';
import { api } from './baseApi';
import type { GatewayError } from './gateway';

/** How many conversations the list holds (the server gives at most 200); older ones are asked one by one. */
export const LIST_LIMIT = 100;
/** How many messages a thread shows at first, and how many more "load older" brings. */
export const PAGE = 30;

/** A conversation as the cache holds it: the server's, with what the events add. */
export interface ChatConversation extends Conversation {
  /** The other person is typing (chat:typing), until they stop or their message arrives. */
  otherTyping: boolean;
  /** Deleted from another of my sockets (chat:deleted): the page leaves it. */
  deleted: boolean;
}

export interface ConversationList {
  conversations: ChatConversation[];
  unreadTotal: number;
}

/** A conversation's messages held on screen, oldest first. */
export interface Thread {
  messages: ChatMessage[];
  hasOlder: boolean;
}

/** What chat:read answers. */
export interface ReadAck {
  unread: number;
  unreadTotal: number;
  readUpto: string | null;
}

type AnyState = unknown;
// The dispatch RTK Query hands to queries, lifecycles and thunks (its types are `any`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ChatDispatch = ThunkDispatch<any, any, any>;
type GetState = () => AnyState;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function languageOf(state: AnyState): string {
  const current = isRecord(state) && isRecord(state.language) ? state.language.current : undefined;
  return isLanguage(current) ? current : DEFAULT_LANGUAGE;
}

/** The signed-in account (the auth slice), whose own messages and reads are told apart. */
function meOf(state: AnyState): number | undefined {
  const user = isRecord(state) && isRecord(state.auth) ? state.auth.user : undefined;
  return isRecord(user) && typeof user.accountId === 'number' ? user.accountId : undefined;
}

function socketOf(state: AnyState): SessionSocket {
  return sessionSocket(languageOf(state));
}

/** A refused or unanswered request in the gateway's error shape (ErrorMessage and errorText word it). */
function gatewayErrorOf(error: unknown): GatewayError {
  if (error instanceof ChatRequestError) return { code: error.code, messageKey: error.messageKey, message: error.message };
  return { code: 'INTERNAL_ERROR', messageKey: 'common.error.generic' };
}

type Answer<T> = { data: T } | { error: GatewayError };

/** How long a request refused because the session ended waits for the socket to come back. */
export const SESSION_WAIT_MS = 30_000;

/** Resolves `true` at the socket's next connection, `false` after `ms` without one. */
function connectedAgain(socket: SessionSocket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      resolve(connected);
    };
    const onConnect = () => {
      done(true);
    };
    const timer = setTimeout(() => {
      done(false);
    }, ms);
    socket.on('connect', onConnect);
  });
}

/**
 * Asks the server over the socket. A refusal because the session ended (SESSION_EXPIRED: the
 * server then ends the socket with session:expired, which auth/LiveSessionKeeper.tsx handles by
 * renewing the token and connecting the socket again) is asked again once the socket is back,
 * as the outbox does with messages; it does not go to the store as a failure meanwhile, where
 * the gateway's session handling (sessionExpiry.ts) would renew the token a second time.
 */
async function ask<T>(state: AnyState, event: string, payload: unknown): Promise<Answer<T>> {
  const socket = socketOf(state);
  try {
    return { data: await request<T>(socket, event, payload) };
  } catch (error) {
    const sessionEnded = error instanceof ChatRequestError && error.code === 'SESSION_EXPIRED';
    if (!sessionEnded || !(await connectedAgain(socket, SESSION_WAIT_MS))) return { error: gatewayErrorOf(error) };
  }
  try {
    return { data: await request<T>(socket, event, payload) };
  } catch (error) {
    return { error: gatewayErrorOf(error) };
  }
}

function cached(conversation: Conversation): ChatConversation {
  return {
    ...conversation,
    lastMessageId: conversation.lastMessageId ?? null,
    otherReadUpto: conversation.otherReadUpto ?? null,
    otherTyping: false,
    deleted: false,
  };
}

function isMessage(value: unknown): value is ChatMessage {
  return isRecord(value) && typeof value.id === 'string' && typeof value.conversationId === 'string' && typeof value.senderId === 'number';
}

/** `messages` with `added` put in place (ids are time-ordered), each message once. */
function merged(messages: ChatMessage[], added: ChatMessage[]): ChatMessage[] {
  const fresh = added.filter((m) => !messages.some((held) => held.id === m.id));
  if (fresh.length === 0) return messages;
  return [...messages, ...fresh].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * What a chat entry holds: its state as well as its data. The socket is asked outside RTK
 * Query's request (the query itself answers `loading` at once, then the entry is filled in):
 * RTK Query holds back every tag invalidation of the app while any of its requests is pending
 * (invalidationBehavior "delayed"), and a socket that is slow to connect or waits for a renewed
 * session must not hold back the ads' and orders' refetches.
 */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; error: GatewayError } | { status: 'ready'; value: T };

const LOADING = { status: 'loading' } as const;

interface Entry {
  dispatch: ChatDispatch;
  getState: () => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<void>;
}

/** Each chat entry keeps the socket's listeners while it is cached, and is loaded once it exists. */
function keepLive(load: (dispatch: ChatDispatch, getState: GetState, arg: string | undefined) => Promise<void>) {
  return async (arg: string | undefined, entry: Entry) => {
    const getState = () => entry.getState();
    const release = retainLive(entry.dispatch, getState);
    try {
      await entry.cacheDataLoaded;
      void load(entry.dispatch, getState, arg);
    } catch {
      // Removed before it was ever filled in: nothing to load.
    }
    await entry.cacheEntryRemoved;
    release();
  };
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<Loadable<ConversationList>, undefined>({
      queryFn: () => ({ data: LOADING }),
      // Gone as soon as nothing shows it: a person signing in after another never sees theirs.
      keepUnusedDataFor: 0,
      onCacheEntryAdded: keepLive((dispatch, getState) => loadList(dispatch, getState, false)),
    }),
    getConversation: build.query<Loadable<ChatConversation>, string>({
      queryFn: () => ({ data: LOADING }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: keepLive((dispatch, getState, id) => loadConversation(dispatch, getState, id ?? '', false)),
    }),
    getThread: build.query<Loadable<Thread>, string>({
      queryFn: () => ({ data: LOADING }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: keepLive((dispatch, getState, id) => loadThread(dispatch, getState, id ?? '')),
    }),
  }),
});

export const { useGetConversationsQuery, useGetConversationQuery, useGetThreadQuery } = chatApi;

// The entries' recipes apply to what is loaded only.
function onList(fn: (list: ConversationList) => void) {
  return chatApi.util.updateQueryData('getConversations', undefined, (entry) => {
    if (entry.status === 'ready') fn(entry.value);
  });
}

function onConversation(id: string, fn: (c: ChatConversation) => void) {
  return chatApi.util.updateQueryData('getConversation', id, (entry) => {
    if (entry.status === 'ready') fn(entry.value);
  });
}

function onThread(id: string, fn: (t: Thread) => void) {
  return chatApi.util.updateQueryData('getThread', id, (entry) => {
    if (entry.status === 'ready') fn(entry.value);
  });
}

/**
 * Fills in (or, `quiet`, refreshes) an entry: `loading` first unless quiet; then its value, or
 * its error — except that a quiet refresh that fails leaves what is shown.
 */
async function fill<T, W>(
  set: (next: Loadable<T>) => void,
  current: () => Loadable<T> | undefined,
  asked: Promise<Answer<W>>,
  map: (wire: W) => T,
  quiet: boolean,
): Promise<void> {
  if (!quiet) set(LOADING);
  const answer = await asked;
  if ('error' in answer) {
    if (!quiet || current()?.status !== 'ready') set({ status: 'error', error: answer.error });
    return;
  }
  set({ status: 'ready', value: map(answer.data) });
}

function loadList(dispatch: ChatDispatch, getState: GetState, quiet: boolean): Promise<void> {
  return fill(
    (next) => dispatch(chatApi.util.updateQueryData('getConversations', undefined, () => next)),
    () => chatApi.endpoints.getConversations.select(undefined)(getState() as never).data,
    ask<{ conversations: Conversation[]; unreadTotal: number }>(getState(), 'chat:list', { limit: LIST_LIMIT }),
    (wire) => ({ conversations: wire.conversations.map(cached), unreadTotal: wire.unreadTotal }),
    quiet,
  );
}

function loadConversation(dispatch: ChatDispatch, getState: GetState, id: string, quiet: boolean): Promise<void> {
  return fill(
    (next) => dispatch(chatApi.util.updateQueryData('getConversation', id, () => next)),
    () => chatApi.endpoints.getConversation.select(id)(getState() as never).data,
    ask<{ conversation: Conversation }>(getState(), 'chat:conversation', { conversationId: id }),
    (wire) => cached(wire.conversation),
    quiet,
  );
}

function loadThread(dispatch: ChatDispatch, getState: GetState, id: string): Promise<void> {
  return fill(
    (next) => dispatch(chatApi.util.updateQueryData('getThread', id, () => next)),
    () => chatApi.endpoints.getThread.select(id)(getState() as never).data,
    ask<{ messages: ChatMessage[] }>(getState(), 'chat:history', { conversationId: id, limit: PAGE }),
    (wire) => ({ messages: [...wire.messages].reverse(), hasOlder: wire.messages.length === PAGE }),
    false,
  );
}

/** A refusal as the screens catch it (ErrorMessage and errorText word it). */
function refusal(error: GatewayError): ChatRequestError {
  return new ChatRequestError({ code: error.code, messageKey: error.messageKey ?? 'common.error.generic', message: error.message ?? '' });
}

/** Asks for the conversation list again (its retry). */
export function reloadConversations() {
  return (dispatch: ChatDispatch, getState: GetState): Promise<void> => loadList(dispatch, getState, false);
}

/** Asks for a conversation and its thread again (the chat page's retry). */
export function reloadConversation(id: string) {
  return async (dispatch: ChatDispatch, getState: GetState): Promise<void> => {
    await Promise.all([loadConversation(dispatch, getState, id, false), loadThread(dispatch, getState, id)]);
  };
}

/** The page of messages before the oldest held, put at the start of the thread; rejects with the refusal. */
export function loadOlder(conversationId: string) {
  return async (dispatch: ChatDispatch, getState: GetState): Promise<void> => {
    const answer = await ask<{ messages: ChatMessage[] }>(getState(), 'chat:history', {
      conversationId,
      before: cachedThread(getState(), conversationId)?.messages[0]?.id,
      limit: PAGE,
    });
    if ('error' in answer) throw refusal(answer.error);
    const older = answer.data.messages;
    dispatch(
      onThread(conversationId, (thread) => {
        thread.messages = merged(thread.messages, older);
        thread.hasOlder = older.length === PAGE;
      }),
    );
  };
}

/** Tells the server what I read; its answer gives the conversation's unread count and the exact total. */
export function markRead(payload: { conversationId: string; messageId: string }) {
  return async (dispatch: ChatDispatch, getState: GetState): Promise<void> => {
    const answer = await ask<ReadAck>(getState(), 'chat:read', payload);
    // A failed receipt changes nothing shown; the next message read tells again.
    if ('error' in answer) return;
    const { unread, unreadTotal } = answer.data;
    patchConversation(dispatch, payload.conversationId, (c) => {
      c.unread = unread;
    });
    dispatch(
      onList((list) => {
        list.unreadTotal = unreadTotal;
      }),
    );
  };
}

/** Blocks or unblocks; rejects with the refusal. */
export function setBlocked({ conversationId, block }: { conversationId: string; block: boolean }) {
  return async (dispatch: ChatDispatch, getState: GetState): Promise<void> => {
    const answer = await ask<{ blocked: boolean; blockedByMe: boolean }>(getState(), block ? 'chat:block' : 'chat:unblock', { conversationId });
    if ('error' in answer) throw refusal(answer.error);
    const { blocked, blockedByMe } = answer.data;
    patchConversation(dispatch, conversationId, (c) => {
      c.blocked = blocked;
      c.blockedByMe = blockedByMe;
    });
  };
}

/** Deletes the conversation for me; rejects with the refusal. */
export function deleteConversation(conversationId: string) {
  return async (dispatch: ChatDispatch, getState: GetState): Promise<void> => {
    const answer = await ask<object>(getState(), 'chat:delete', { conversationId });
    if ('error' in answer) throw refusal(answer.error);
    removeFromList(dispatch, conversationId);
  };
}

/** Applies `patch` to the conversation `id` wherever the cache holds it (the list's row, its own entry). */
function patchConversation(dispatch: ChatDispatch, id: string, patch: (c: ChatConversation) => void): void {
  dispatch(
    onList((list) => {
      const row = list.conversations.find((c) => c.id === id);
      if (row) patch(row);
    }),
  );
  dispatch(onConversation(id, patch));
}

function removeFromList(dispatch: ChatDispatch, id: string): void {
  dispatch(
    onList((list) => {
      const row = list.conversations.find((c) => c.id === id);
      if (!row) return;
      list.unreadTotal = Math.max(0, list.unreadTotal - row.unread);
      list.conversations = list.conversations.filter((c) => c !== row);
    }),
  );
}

function readyValue<T>(entry: Loadable<T> | undefined): T | undefined {
  return entry?.status === 'ready' ? entry.value : undefined;
}

function cachedList(state: AnyState): ConversationList | undefined {
  return readyValue(chatApi.endpoints.getConversations.select(undefined)(state as never).data);
}

function cachedThread(state: AnyState, id: string): Thread | undefined {
  return readyValue(chatApi.endpoints.getThread.select(id)(state as never).data);
}

function cachedConversation(state: AnyState, id: string): ChatConversation | undefined {
  return readyValue(chatApi.endpoints.getConversation.select(id)(state as never).data);
}

/**
 * A message that arrived (an event, or the answer to my own chat:send): into its thread, and,
 * unless `threadOnly` (a catch-up after a reconnection, when the list is asked again anyway),
 * into its conversation — preview, time, unread count and total when the other person wrote —
 * which goes to the top of the list. A conversation the list does not hold (new, older than the
 * list, or brought back after I deleted it) is asked for alone and put at the top.
 */
function messageArrived(dispatch: ChatDispatch, getState: GetState, message: ChatMessage, threadOnly = false): void {
  dispatch(
    onThread(message.conversationId, (thread) => {
      thread.messages = merged(thread.messages, [message]);
    }),
  );
  if (threadOnly) return;
  const fromOther = message.senderId !== meOf(getState());
  const apply = (c: ChatConversation): boolean => {
    if (c.lastMessageId !== null && message.id <= c.lastMessageId) return false; // already counted
    c.lastMessageId = message.id;
    // As the server words it (domain/src/chat.rs preview): a file alone is "📎 {name}".
    c.lastMessagePreview = message.text ?? (message.attachment ? `📎 ${message.attachment.name}` : null);
    c.lastActivity = message.sentAt;
    if (fromOther) {
      c.unread += 1;
      c.otherTyping = false;
    }
    return true;
  };
  dispatch(
    onConversation(message.conversationId, (c) => {
      apply(c);
    }),
  );
  const list = cachedList(getState());
  if (!list) return;
  const listed = list.conversations.some((c) => c.id === message.conversationId);
  dispatch(
    onList((draft) => {
      const row = draft.conversations.find((c) => c.id === message.conversationId);
      if (row) {
        if (!apply(row)) return;
        draft.conversations = [row, ...draft.conversations.filter((c) => c !== row)];
      }
      if (fromOther) draft.unreadTotal += 1;
    }),
  );
  if (listed) return;
  const held = cachedConversation(getState(), message.conversationId);
  if (held) {
    putOnTop(dispatch, held);
    return;
  }
  request<{ conversation: Conversation }>(socketOf(getState()), 'chat:conversation', { conversationId: message.conversationId })
    .then(({ conversation }) => {
      putOnTop(dispatch, cached(conversation));
    })
    .catch(() => {
      // Could not be asked alone: the whole list is asked again.
      void loadList(dispatch, getState, true);
    });
}

function putOnTop(dispatch: ChatDispatch, conversation: ChatConversation): void {
  dispatch(
    onList((list) => {
      if (list.conversations.some((c) => c.id === conversation.id)) return;
      list.conversations.unshift(conversation);
    }),
  );
}

/** The answer to my own chat:send: the message joins its thread and its conversation. */
export function ownMessageSent(message: ChatMessage) {
  return (dispatch: ChatDispatch, getState: GetState): void => {
    messageArrived(dispatch, getState, message);
  };
}

/** chat:read: my read elsewhere (the unread count and the total), or the other's (the read ticks). */
function readArrived(dispatch: ChatDispatch, getState: GetState, payload: Record<string, unknown>): void {
  const { conversationId, accountId, messageId, unread } = payload;
  if (typeof conversationId !== 'string' || typeof messageId !== 'string') return;
  const state = getState();
  if (accountId !== meOf(state)) {
    patchConversation(dispatch, conversationId, (c) => {
      if (c.otherReadUpto === null || messageId > c.otherReadUpto) c.otherReadUpto = messageId;
    });
    return;
  }
  if (typeof unread !== 'number') return;
  const list = cachedList(state);
  const before = list?.conversations.find((c) => c.id === conversationId)?.unread ?? cachedConversation(state, conversationId)?.unread;
  patchConversation(dispatch, conversationId, (c) => {
    c.unread = unread;
    c.readUpto = messageId;
  });
  if (!list) return;
  if (before !== undefined) {
    dispatch(
      onList((draft) => {
        draft.unreadTotal = Math.max(0, draft.unreadTotal - (before - unread));
      }),
    );
    return;
  }
  // A conversation the cache does not hold, read in another tab: only the total is asked.
  request<{ unreadTotal: number }>(socketOf(state), 'chat:list', { limit: 1 })
    .then(({ unreadTotal }) => {
      dispatch(
        onList((draft) => {
          draft.unreadTotal = unreadTotal;
        }),
      );
    })
    .catch(() => {
      void loadList(dispatch, getState, true);
    });
}

/** Every conversation the cache holds with `accountId` as the other person. */
function patchPeer(dispatch: ChatDispatch, getState: GetState, accountId: number, patch: (c: ChatConversation) => void): void {
  dispatch(
    onList((list) => {
      for (const c of list.conversations) if (c.other.accountId === accountId) patch(c);
    }),
  );
  for (const id of chatApi.util.selectCachedArgsForQuery(getState() as never, 'getConversation')) {
    if (cachedConversation(getState(), id)?.other.accountId === accountId) dispatch(onConversation(id, patch));
  }
}

/** After a reconnection: the list and the open conversations asked again, the threads caught up. */
function reconnected(dispatch: ChatDispatch, getState: GetState): void {
  if (chatApi.endpoints.getConversations.select(undefined)(getState() as never).data) void loadList(dispatch, getState, true);
  for (const id of chatApi.util.selectCachedArgsForQuery(getState() as never, 'getConversation')) {
    void loadConversation(dispatch, getState, id, true);
  }
  const state = getState();
  const lastIds = chatApi.util
    .selectCachedArgsForQuery(state as never, 'getThread')
    .map((id) => cachedThread(state, id)?.messages.at(-1)?.id)
    .filter((id): id is string => id !== undefined);
  if (lastIds.length === 0) return;
  const since = lastIds.reduce((a, b) => (a < b ? a : b));
  request<{ messages: ChatMessage[] }>(socketOf(state), 'chat:sync', { since })
    .then(({ messages }) => {
      for (const message of messages) messageArrived(dispatch, getState, message, true);
    })
    .catch(() => undefined); // the next reconnection catches up again; the history shows them on the next visit
}

/** The socket's chat events, patching the cache. Returns the unsubscribe. */
function listen(dispatch: ChatDispatch, getState: GetState): () => void {
  const socket = socketOf(getState());
  // socket.io-client reports its first connection too: only a connection again asks anything.
  let firstConnection = !socket.connected;
  const handlers: [string, (payload: unknown) => void][] = [
    [
      'chat:message',
      (payload) => {
        if (isMessage(payload)) messageArrived(dispatch, getState, payload);
      },
    ],
    [
      'chat:read',
      (payload) => {
        if (isRecord(payload)) readArrived(dispatch, getState, payload);
      },
    ],
    [
      'chat:typing',
      (payload) => {
        if (!isRecord(payload) || typeof payload.conversationId !== 'string' || payload.accountId === meOf(getState())) return;
        const typing = payload.typing === true;
        patchConversation(dispatch, payload.conversationId, (c) => {
          c.otherTyping = typing;
        });
      },
    ],
    [
      'chat:blocked',
      (payload) => {
        if (!isRecord(payload) || typeof payload.conversationId !== 'string' || typeof payload.blocked !== 'boolean') return;
        const blocked = payload.blocked;
        const blockedByMe = Array.isArray(payload.blockedBy) && payload.blockedBy.includes(meOf(getState()));
        patchConversation(dispatch, payload.conversationId, (c) => {
          c.blocked = blocked;
          c.blockedByMe = blockedByMe;
        });
      },
    ],
    [
      'chat:deleted',
      (payload) => {
        if (!isRecord(payload) || typeof payload.conversationId !== 'string') return;
        removeFromList(dispatch, payload.conversationId);
        dispatch(
          onConversation(payload.conversationId, (c) => {
            c.deleted = true;
          }),
        );
      },
    ],
    [
      'presence',
      (payload) => {
        if (!isRecord(payload) || typeof payload.accountId !== 'number' || typeof payload.online !== 'boolean') return;
        const online = payload.online;
        const lastSeen = typeof payload.lastSeen === 'number' ? payload.lastSeen : null;
        patchPeer(dispatch, getState, payload.accountId, (c) => {
          c.other.lastSeen = online ? c.other.lastSeen : (lastSeen ?? Date.now());
          c.other.online = online;
        });
      },
    ],
    // The server could not bring every event to this socket (another process's fan-out was
    // full or cut off: docs/realtime.md): catch up from storage as after a reconnection.
    [
      'realtime:catchup',
      () => {
        reconnected(dispatch, getState);
      },
    ],
    [
      'connect',
      () => {
        if (firstConnection) {
          firstConnection = false;
          return;
        }
        reconnected(dispatch, getState);
      },
    ],
  ];
  // RTK Query's patches are batched: the store tells the screens at the next animation frame.
  // A live event is shown at once instead: the plain action after its patches (which nothing
  // reduces) makes the store tell them now, and names the event in the store's log.
  const shown: [string, (payload: unknown) => void][] = handlers.map(([event, handler]) => [
    event,
    (payload) => {
      handler(payload);
      dispatch({ type: 'chat/socketEvent', payload: { event } });
    },
  ]);
  for (const [event, handler] of shown) socket.on(event, handler);
  return () => {
    for (const [event, handler] of shown) socket.off(event, handler);
  };
}

// One set of listeners per store (its dispatch), held while any chat entry is cached.
const lives = new WeakMap<ChatDispatch, { holders: number; stop: () => void }>();

function retainLive(dispatch: ChatDispatch, getState: GetState): () => void {
  let live = lives.get(dispatch);
  if (!live) {
    live = { holders: 0, stop: listen(dispatch, getState) };
    lives.set(dispatch, live);
  }
  const held = live;
  held.holders += 1;
  return () => {
    held.holders -= 1;
    if (held.holders === 0) {
      held.stop();
      if (lives.get(dispatch) === held) lives.delete(dispatch);
    }
  };
}
