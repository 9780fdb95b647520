// One conversation (/messages/chat?conversation={id}, route key messaging.chat): the history
// (chat:history, newest first, "load older"), live messages (chat:message), sending with a
// client message id (pending, then sent; failed with the §8 wording and a retry), read
// receipts (chat:read both ways: sent/read ticks), typing, block and unblock (the input is
// hidden while blocked, with a notice), delete with a confirmation, attachments (an image or a
// PDF under 5 MB, checked before sending, sent as binary with chat:send), and the other
// person's presence (online, or when last seen), kept live by the presence event. When the
// server ends the socket's session (session:expired: its access token expired or was logged
// out), the messages it had not acknowledged wait, and leave again with the same client
// message id once the socket is back with a new token (auth/LiveSessionKeeper.tsx); what
// arrived meanwhile comes with chat:sync.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { errorText } from '../../ui/errorText';
import { selectUser } from '../auth/authSlice';
import { attachmentProblem, readBytes, type AttachmentProblem } from './attachment';
import { sessionSocket } from '../../realtime/socket';
import { ChatRequestError, request, type ChatMessage, type Conversation } from './chatSocket';
import { keepDigitGroups, UserText } from '../../ui/UserText';
import { Icon } from '../../ui/Icon';

const PAGE = 30;
/** After this long without a keystroke, the other party is told that typing stopped. */
export const TYPING_IDLE_MS = 5000;

interface Outgoing {
  clientMessageId: string;
  text: string;
  /** A file sent with the message (its bytes are read when it is sent). */
  file?: File;
  /** `waiting`: the session ended before the server took it; it is sent again on reconnection. */
  status: 'pending' | 'waiting' | 'failed';
  error?: unknown;
  /** Which sending this is: only the latest one's answer counts. */
  attempt?: number;
}

type Load = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'missing' } | { kind: 'ready' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

let counter = 0;
function newClientMessageId(): string {
  counter += 1;
  return `c-${Date.now().toString(36)}-${counter}`;
}

export default function ChatPage() {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const me = useAppSelector(selectUser)?.accountId;
  const [search] = useSearchParams();
  const conversationId = search.get('conversation') ?? '';
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [conversation, setConversation] = useState<Conversation | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]); // oldest first
  const [hasOlder, setHasOlder] = useState(false);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [otherReadUpto, setOtherReadUpto] = useState<string | null>(null);
  const [otherTyping, setOtherTyping] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [fileProblem, setFileProblem] = useState<AttachmentProblem | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [actionError, setActionError] = useState<unknown>();
  const lastId = useRef<string | undefined>(undefined);
  // What the other party was last told about my typing, and when "stopped" is due.
  const typing = useRef<{ on: boolean; idle?: ReturnType<typeof setTimeout> }>({ on: false });

  const markRead = useCallback(
    (messageId: string) => {
      request(sessionSocket(language), 'chat:read', { conversationId, messageId }).catch(() => undefined);
    },
    [conversationId, language],
  );

  const fetchAll = useCallback(() => {
    const socket = sessionSocket(language);
    Promise.all([
      request<{ conversations: (Conversation & { otherReadUpto?: string | null })[] }>(socket, 'chat:list', { limit: 200 }),
      request<{ messages: ChatMessage[] }>(socket, 'chat:history', { conversationId, limit: PAGE }),
    ])
      .then(([list, history]) => {
        const found = list.conversations.find((c) => c.id === conversationId);
        if (!found) {
          setLoad({ kind: 'missing' });
          return;
        }
        const ordered = [...history.messages].reverse();
        setConversation(found);
        setOtherReadUpto(found.otherReadUpto ?? null);
        setMessages(ordered);
        setHasOlder(history.messages.length === PAGE);
        setLoad({ kind: 'ready' });
        const newest = ordered.at(-1);
        if (newest) {
          lastId.current = newest.id;
          markRead(newest.id);
        }
      })
      .catch((error: unknown) => {
        setLoad({ kind: 'error', error });
      });
  }, [conversationId, language, markRead]);

  useEffect(() => {
    fetchAll();
    const socket = sessionSocket(language);
    const onMessage = (payload: unknown) => {
      if (!isRecord(payload) || payload.conversationId !== conversationId) return;
      const message = payload as unknown as ChatMessage;
      setMessages((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
      setOutgoing((current) => current.filter((o) => o.clientMessageId !== message.clientMessageId));
      if (lastId.current === undefined || message.id > lastId.current) lastId.current = message.id;
      if (message.senderId !== me) {
        setOtherTyping(false);
        markRead(message.id);
      }
    };
    const onRead = (payload: unknown) => {
      if (!isRecord(payload) || payload.conversationId !== conversationId || typeof payload.messageId !== 'string') return;
      if (payload.accountId !== me) setOtherReadUpto(payload.messageId);
    };
    const onTyping = (payload: unknown) => {
      if (!isRecord(payload) || payload.conversationId !== conversationId) return;
      setOtherTyping(payload.typing === true);
    };
    const onBlocked = (payload: unknown) => {
      if (!isRecord(payload) || payload.conversationId !== conversationId || typeof payload.blocked !== 'boolean') return;
      const blockedBy = Array.isArray(payload.blockedBy) ? payload.blockedBy : [];
      const blocked = payload.blocked;
      setConversation((c) => (c ? { ...c, blocked, blockedByMe: blockedBy.includes(me) } : c));
    };
    const onDeleted = (payload: unknown) => {
      if (isRecord(payload) && payload.conversationId === conversationId) void navigate(localized(language, PATHS.messages));
    };
    // Catch-up after a reconnect: every message newer than the last one held.
    const onConnect = () => {
      if (lastId.current === undefined) return;
      request<{ messages: ChatMessage[] }>(socket, 'chat:sync', { since: lastId.current })
        .then((answer) => {
          for (const message of answer.messages) onMessage(message);
        })
        .catch(() => undefined);
    };
    socket.on('chat:message', onMessage);
    socket.on('chat:read', onRead);
    socket.on('chat:typing', onTyping);
    socket.on('chat:blocked', onBlocked);
    socket.on('chat:deleted', onDeleted);
    socket.on('connect', onConnect);
    const onPresence = (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.accountId !== 'number' || typeof payload.online !== 'boolean') return;
      const { accountId, online } = payload;
      const lastSeen = typeof payload.lastSeen === 'number' ? payload.lastSeen : null;
      setConversation((c) =>
        c?.other.accountId === accountId ? { ...c, other: { ...c.other, online, lastSeen: online ? c.other.lastSeen : (lastSeen ?? Date.now()) } } : c,
      );
    };
    socket.on('presence', onPresence);
    return () => {
      socket.off('presence', onPresence);
      socket.off('chat:message', onMessage);
      socket.off('chat:read', onRead);
      socket.off('chat:typing', onTyping);
      socket.off('chat:blocked', onBlocked);
      socket.off('chat:deleted', onDeleted);
      socket.off('connect', onConnect);
    };
  }, [conversationId, fetchAll, language, markRead, me, navigate]);

  const send = (item: Outgoing) => {
    const attempt = (item.attempt ?? 0) + 1;
    const latest = (o: Outgoing) => o.clientMessageId === item.clientMessageId && o.attempt === attempt;
    setOutgoing((current) => [
      ...current.filter((o) => o.clientMessageId !== item.clientMessageId),
      { ...item, status: 'pending', error: undefined, attempt },
    ]);
    const payload = async () => ({
      conversationId,
      clientMessageId: item.clientMessageId,
      text: item.text || undefined,
      // Binary: socket.io-client sends it as a Socket.IO binary attachment.
      attachment: item.file ? { name: item.file.name, data: await readBytes(item.file) } : undefined,
    });
    payload()
      .then((body) => request<{ message: ChatMessage }>(sessionSocket(language), 'chat:send', body))
      .then(({ message }) => {
        setMessages((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
        setOutgoing((current) => current.filter((o) => o.clientMessageId !== item.clientMessageId));
      })
      .catch((error: unknown) => {
        // Refused because the session ended: it waits for the socket to come back.
        const status = error instanceof ChatRequestError && error.code === 'SESSION_EXPIRED' ? 'waiting' : 'failed';
        setOutgoing((current) => current.map((o) => (latest(o) ? { ...o, status, error } : o)));
      });
  };
  // The socket's reconnection handlers below read the latest of these.
  const sendLatest = useRef(send);
  const outgoingLatest = useRef(outgoing);
  useEffect(() => {
    sendLatest.current = send;
    outgoingLatest.current = outgoing;
  });
  useEffect(() => {
    const socket = sessionSocket(language);
    // The server will not answer what it had not answered when it ended the session.
    const onSessionExpired = () => {
      setOutgoing((current) => current.map((o) => (o.status === 'pending' ? { ...o, status: 'waiting' } : o)));
    };
    const onConnect = () => {
      for (const item of outgoingLatest.current) if (item.status === 'waiting') sendLatest.current(item);
    };
    socket.on('session:expired', onSessionExpired);
    socket.on('connect', onConnect);
    return () => {
      socket.off('session:expired', onSessionExpired);
      socket.off('connect', onConnect);
    };
  }, [language]);

  const loadOlder = () => {
    const oldest = messages[0];
    request<{ messages: ChatMessage[] }>(sessionSocket(language), 'chat:history', { conversationId, before: oldest?.id, limit: PAGE })
      .then((answer) => {
        setMessages((current) => [...[...answer.messages].reverse(), ...current]);
        setHasOlder(answer.messages.length === PAGE);
      })
      .catch((error: unknown) => {
        setActionError(error);
      });
  };

  // chat:typing goes out when typing starts and when it stops (the box emptied, the message
  // sent, or TYPING_IDLE_MS without a keystroke), not at every keystroke.
  const sendTyping = (on: boolean) => {
    clearTimeout(typing.current.idle);
    typing.current.idle = on ? setTimeout(() => { sendTyping(false); }, TYPING_IDLE_MS) : undefined;
    if (typing.current.on === on) return;
    typing.current.on = on;
    request(sessionSocket(language), 'chat:typing', { conversationId, typing: on }).catch(() => undefined);
  };
  useEffect(() => {
    const state = typing.current;
    return () => { clearTimeout(state.idle); };
  }, []);

  const setBlocked = (block: boolean) => {
    request<{ blocked: boolean; blockedByMe: boolean }>(sessionSocket(language), block ? 'chat:block' : 'chat:unblock', { conversationId })
      .then((answer) => {
        setConversation((c) => (c ? { ...c, blocked: answer.blocked, blockedByMe: answer.blockedByMe } : c));
      })
      .catch((error: unknown) => {
        setActionError(error);
      });
  };

  const remove = () => {
    request(sessionSocket(language), 'chat:delete', { conversationId })
      .then(() => navigate(localized(language, PATHS.messages)))
      .catch((error: unknown) => {
        setConfirmDelete(false);
        setActionError(error);
      });
  };

  if (load.kind === 'loading') return <Loader label={intl.formatMessage({ id: 'chat.loading' })} />;
  if (load.kind === 'error') {
    return (
      <ErrorMessage
        error={load.error}
        onRetry={() => {
          setLoad({ kind: 'loading' });
          fetchAll();
        }}
      />
    );
  }
  if (load.kind === 'missing' || !conversation) return <p className="empty">{intl.formatMessage({ id: 'chat.missing' })}</p>;

  const readUpto = otherReadUpto;
  return (
    <section className="chat">
      <h1 dir="auto">{conversation.adTitle}</h1>
      <p className="chat__peer">
        <UserText text={conversation.other.name} />{' '}
        <span className="chat__presence">
          {conversation.other.online
            ? intl.formatMessage({ id: 'messages.online' })
            : conversation.other.lastSeen
              ? intl.formatMessage(
                  { id: 'chat.lastSeen' },
                  { when: intl.formatDate(new Date(conversation.other.lastSeen), { dateStyle: 'medium', timeStyle: 'short' }) },
                )
              : null}
        </span>
      </p>
      <div className="chat__actions">
        {conversation.blockedByMe ? (
          <button type="button" className="button" onClick={() => { setBlocked(false); }}>
            {intl.formatMessage({ id: 'chat.unblock' })}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => { setBlocked(true); }}>
            {intl.formatMessage({ id: 'chat.block' })}
          </button>
        )}
        <button type="button" className="button" onClick={() => { setConfirmDelete(true); }}>
          {intl.formatMessage({ id: 'chat.delete' })}
        </button>
      </div>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {hasOlder ? (
        <button type="button" className="button" onClick={loadOlder}>
          {intl.formatMessage({ id: 'chat.loadOlder' })}
        </button>
      ) : null}
      <ol className="chat__messages" aria-label={intl.formatMessage({ id: 'chat.messages' })} aria-live="polite">
        {messages.map((m) => {
          const mine = m.senderId === me;
          const read = mine && readUpto !== null && m.id <= readUpto;
          return (
            <li key={m.id} className={mine ? 'chat__message chat__message--mine' : 'chat__message'}>
              {m.text ? <p dir="auto">{keepDigitGroups(m.text)}</p> : null}
              {m.attachment ? (
                m.attachment.contentType.startsWith('image/') ? (
                  <img src={m.attachment.url} alt={m.attachment.name} className="chat__image" />
                ) : (
                  <a href={m.attachment.url} target="_blank" rel="noreferrer">
                    {m.attachment.name}
                  </a>
                )
              ) : null}
              {mine ? (
                <span className="chat__tick">{intl.formatMessage({ id: read ? 'chat.status.read' : 'chat.status.sent' })}</span>
              ) : null}
            </li>
          );
        })}
        {outgoing.map((o) => (
          <li key={o.clientMessageId} className="chat__message chat__message--mine">
            {o.text ? <p dir="auto">{o.text}</p> : null}
            {o.file ? <p className="chat__file">{o.file.name}</p> : null}
            {o.status === 'pending' ? (
              <span className="chat__tick">{intl.formatMessage({ id: 'chat.status.pending' })}</span>
            ) : o.status === 'waiting' ? (
              <span className="chat__tick">{intl.formatMessage({ id: 'chat.status.waiting' })}</span>
            ) : (
              <span role="alert">
                {errorText(intl, o.error)}{' '}
                <button type="button" className="button" onClick={() => { send(o); }}>
                  {intl.formatMessage({ id: 'chat.retry' })}
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {otherTyping ? <p className="chat__typing">{intl.formatMessage({ id: 'chat.typing' }, { name: conversation.other.name })}</p> : null}
      {conversation.blocked ? (
        <p className="chat__blocked" role="note">
          {intl.formatMessage({ id: conversation.blockedByMe ? 'chat.blockedByMe' : 'chat.blockedByOther' })}
        </p>
      ) : (
        <form
          className="chat__form"
          onSubmit={(event) => {
            event.preventDefault();
            const value = text.trim();
            if (!value && !file) return;
            setText('');
            setFile(undefined);
            sendTyping(false);
            send({ clientMessageId: newClientMessageId(), text: value, file, status: 'pending' });
          }}
        >
          <label htmlFor="chat-text">{intl.formatMessage({ id: 'chat.input' })}</label>
          <textarea
            id="chat-text"
            dir="auto"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              sendTyping(event.target.value.trim() !== '');
            }}
          />
          <label className="chat__attach file-button">
            <Icon name="upload" size={18} />
            {intl.formatMessage({ id: 'chat.attach' })}
            <input
              key={file ? file.name : 'none'}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (!chosen) return;
                const problem = attachmentProblem(chosen);
                setFileProblem(problem);
                setFile(problem ? undefined : chosen);
              }}
            />
          </label>
          {file ? (
            <p className="chat__file">
              {file.name}{' '}
              <button type="button" className="button button--link" onClick={() => { setFile(undefined); }}>
                {intl.formatMessage({ id: 'chat.attach.remove' })}
              </button>
            </p>
          ) : null}
          {fileProblem ? (
            <p role="alert">
              {intl.formatMessage({ id: fileProblem === 'type' ? 'chat.error.attachmentType' : 'chat.error.attachmentTooLarge' })}
            </p>
          ) : null}
          <button type="submit" className="button">
            {intl.formatMessage({ id: 'chat.send' })}
          </button>
        </form>
      )}
      {confirmDelete ? (
        <Modal title={intl.formatMessage({ id: 'chat.delete.title' })} onClose={() => { setConfirmDelete(false); }}>
          <p>{intl.formatMessage({ id: 'chat.delete.body' })}</p>
          <button type="button" className="button" onClick={remove}>
            {intl.formatMessage({ id: 'chat.delete.confirm' })}
          </button>
        </Modal>
      ) : null}
    </section>
  );
}
