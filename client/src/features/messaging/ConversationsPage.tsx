// The conversation list (/messages, spec §2 "messaging"): each conversation's ad (photo and
// title), the other person with an online dot (presence), the last message and an unread
// badge, kept live by chat:message, chat:read and presence, and asked again when the socket
// connects again (after the server ended its session, say). Loader, empty state, error with retry.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { sessionSocket } from '../../realtime/socket';
import { request, type ChatMessage, type Conversation } from './chatSocket';
import { UserText } from '../../ui/UserText';

type State = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'ready'; conversations: Conversation[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export default function ConversationsPage() {
  const intl = useIntl();
  const language = useLanguage();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  // Asks for the list; the state changes only when the answer comes.
  const fetchList = useCallback(() => {
    request<{ conversations: Conversation[] }>(sessionSocket(language), 'chat:list', { limit: 100 })
      .then((answer) => {
        setState({ kind: 'ready', conversations: answer.conversations });
      })
      .catch((error: unknown) => {
        setState({ kind: 'error', error });
      });
  }, [language]);

  const retry = () => {
    setState({ kind: 'loading' });
    fetchList();
  };

  useEffect(() => {
    fetchList();
    const socket = sessionSocket(language);
    const onMessage = (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.conversationId !== 'string') return;
      const message = payload as unknown as ChatMessage;
      const current = stateRef.current;
      if (current.kind === 'ready' && !current.conversations.some((c) => c.id === message.conversationId)) {
        fetchList(); // a new (or undeleted) conversation
        return;
      }
      setState((current) => {
        if (current.kind !== 'ready') return current;
        const found = current.conversations.find((c) => c.id === message.conversationId);
        if (!found) return current;
        const mine = message.senderId !== found.other.accountId;
        const updated: Conversation = {
          ...found,
          lastMessagePreview: message.text ?? message.attachment?.name ?? null,
          lastActivity: message.sentAt,
          unread: mine ? found.unread : found.unread + 1,
        };
        return { kind: 'ready', conversations: [updated, ...current.conversations.filter((c) => c !== found)] };
      });
    };
    const onRead = (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.conversationId !== 'string' || typeof payload.unread !== 'number') return;
      const { conversationId, accountId, unread } = payload;
      setState((current) =>
        current.kind !== 'ready'
          ? current
          : {
              kind: 'ready',
              conversations: current.conversations.map((c) =>
                c.id === conversationId && accountId !== c.other.accountId ? { ...c, unread } : c,
              ),
            },
      );
    };
    const onPresence = (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.accountId !== 'number' || typeof payload.online !== 'boolean') return;
      const { accountId, online } = payload;
      setState((current) =>
        current.kind !== 'ready'
          ? current
          : {
              kind: 'ready',
              conversations: current.conversations.map((c) =>
                c.other.accountId === accountId ? { ...c, other: { ...c.other, online } } : c,
              ),
            },
      );
    };
    socket.on('chat:message', onMessage);
    socket.on('chat:read', onRead);
    socket.on('presence', onPresence);
    socket.on('connect', fetchList);
    return () => {
      socket.off('chat:message', onMessage);
      socket.off('chat:read', onRead);
      socket.off('presence', onPresence);
      socket.off('connect', fetchList);
    };
  }, [language, fetchList]);

  let content;
  if (state.kind === 'loading') content = <Loader label={intl.formatMessage({ id: 'messages.loading' })} />;
  else if (state.kind === 'error') content = <ErrorMessage error={state.error} onRetry={retry} />;
  else if (state.conversations.length === 0) content = <p className="empty">{intl.formatMessage({ id: 'messages.empty' })}</p>;
  else {
    content = (
      <ul className="conversations" aria-label={intl.formatMessage({ id: 'messages.list' })}>
        {state.conversations.map((c) => (
          <li key={c.id} className="conversations__item">
            {c.adImage ? <img className="conversations__photo" src={`/media/${c.adImage}`} alt="" /> : null}
            <Link to={`${localized(language, PATHS.messagesChat)}?conversation=${encodeURIComponent(c.id)}`}>
              <span dir="auto">{c.adTitle}</span>
            </Link>
            <span className="conversations__peer">
              <UserText text={c.other.name} />
              {c.other.online ? (
                <span className="presence-dot" role="img" aria-label={intl.formatMessage({ id: 'messages.online' })} />
              ) : null}
            </span>
            {c.lastMessagePreview ? (
              <span className="conversations__preview" dir="auto">
                {c.lastMessagePreview}
              </span>
            ) : null}
            {c.unread > 0 ? (
              <span className="badge">{intl.formatMessage({ id: 'messages.unread' }, { count: c.unread })}</span>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="messages">
      <h1>{intl.formatMessage({ id: 'messages.title' })}</h1>
      {content}
    </section>
  );
}
