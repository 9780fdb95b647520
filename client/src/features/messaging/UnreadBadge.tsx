// The header's unread total (signed-in people), a link to /messages: the unread total of the
// store's conversation list (chatApi, api/chat.ts), the same cache entry the conversation list
// shows, kept up to date by the socket's events there — a message or a read receipt changes the
// number without anything being asked again. Being on every page of a signed-in person, it also
// shows the server's chat:error reports.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetConversationsQuery } from '../../api/chat';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { useChatErrorToasts } from './chatErrors';

export default function UnreadBadge() {
  const intl = useIntl();
  const language = useLanguage();
  const { total } = useGetConversationsQuery(undefined, {
    selectFromResult: ({ data }) => ({ total: data?.status === 'ready' ? data.value.unreadTotal : 0 }),
  });
  useChatErrorToasts(language);

  return (
    <Link className="app-header__messages" to={localized(language, PATHS.messages)}>
      {intl.formatMessage({ id: 'header.messages' })}
      {/* A space and a badge named in words: the link reads "Messages, 3 unread messages", never "Messages3". */}
      {total > 0 ? ' ' : null}
      {total > 0 ? (
        <span className="badge" role="img" aria-label={intl.formatMessage({ id: 'header.unread' }, { count: total })}>
          {total}
        </span>
      ) : null}
    </Link>
  );
}
