// The page of one conversation (/messages/chat?conversation={id}, route key messaging.chat) owns
// which conversation is open: it reads that conversation and its thread from the store (chatApi,
// api/chat.ts: chat:conversation, so one older than the list opens too, and chat:history, both
// kept live by the socket's events there), shows the loader, the error with a retry or the
// missing conversation, and puts together the header (ChatHeader), the thread (ChatThread) and,
// unless the conversation is blocked, the composer (ChatComposer) with the outbox of what I send
// (useOutbox). A conversation deleted from another of my tabs sends the page back to the list.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { reloadConversation, useGetConversationQuery, useGetThreadQuery } from '../../api/chat';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { selectUser } from '../auth/authSlice';
import { ChatComposer } from './ChatComposer';
import { ChatHeader } from './ChatHeader';
import { ChatThread } from './ChatThread';
import { useOutbox } from './useOutbox';
import './messaging.css';

export { TYPING_IDLE_MS } from './ChatComposer';

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONVERSATION_NOT_FOUND';
}

function OpenConversation({ conversationId }: { conversationId: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const me = useAppSelector(selectUser)?.accountId;
  const dispatch = useAppDispatch();
  const conversation = useGetConversationQuery(conversationId).data;
  const thread = useGetThreadQuery(conversationId).data;
  const outbox = useOutbox(conversationId, language);
  const deleted = conversation?.status === 'ready' && conversation.value.deleted;

  useEffect(() => {
    if (deleted) void navigate(localized(language, PATHS.messages));
  }, [deleted, language, navigate]);

  const error = conversation?.status === 'error' ? conversation.error : thread?.status === 'error' ? thread.error : undefined;
  if (isMissing(error)) return <p className="empty">{intl.formatMessage({ id: 'chat.missing' })}</p>;
  if (error) return <ErrorMessage error={error} onRetry={() => void dispatch(reloadConversation(conversationId))} />;
  if (conversation?.status !== 'ready' || thread?.status !== 'ready') return <Loader label={intl.formatMessage({ id: 'chat.loading' })} />;

  const open = conversation.value;
  return (
    <section className="chat">
      <ChatHeader conversation={open} />
      <ChatThread conversation={open} thread={thread.value} me={me} outgoing={outbox.outgoing} onRetry={outbox.retry} />
      {open.blocked ? (
        <p className="chat__blocked" role="note">
          {intl.formatMessage({ id: open.blockedByMe ? 'chat.blockedByMe' : 'chat.blockedByOther' })}
        </p>
      ) : (
        <ChatComposer conversationId={conversationId} language={language} onSend={outbox.send} />
      )}
    </section>
  );
}

export default function ChatPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const conversationId = search.get('conversation') ?? '';
  if (!conversationId) return <p className="empty">{intl.formatMessage({ id: 'chat.missing' })}</p>;
  // Another conversation starts afresh (its outbox, what was told read).
  return <OpenConversation key={conversationId} conversationId={conversationId} />;
}
