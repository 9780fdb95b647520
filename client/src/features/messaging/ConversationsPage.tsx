// The conversation list page (/messages, spec §2 "messaging") owns the list's states: loader,
// empty state, error with retry, then the list (ConversationList). The list is the store's
// (chatApi getConversations, api/chat.ts), the entry the header's unread badge reads too: the
// socket's events (chat:message, chat:read, presence ...) keep it live there, and it is asked
// again when the socket connects again (after the server ended its session, say).

import { useIntl } from 'react-intl';
import { reloadConversations, useGetConversationsQuery } from '../../api/chat';
import { useAppDispatch } from '../../app/hooks';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { ConversationList } from './ConversationList';

export default function ConversationsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data } = useGetConversationsQuery(undefined);

  let content;
  if (data?.status === 'error') content = <ErrorMessage error={data.error} onRetry={() => void dispatch(reloadConversations())} />;
  else if (data?.status !== 'ready') content = <Loader label={intl.formatMessage({ id: 'messages.loading' })} />;
  else if (data.value.conversations.length === 0) content = <p className="empty">{intl.formatMessage({ id: 'messages.empty' })}</p>;
  else content = <ConversationList conversations={data.value.conversations} />;
  return (
    <section className="messages">
      <h1>{intl.formatMessage({ id: 'messages.title' })}</h1>
      {content}
    </section>
  );
}
