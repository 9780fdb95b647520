// The header's unread total (signed-in people): asked with chat:list, asked again whenever a
// message arrives or a conversation is read, on any of the account's sockets. A link to /messages.
// Being on every page of a signed-in person, it also shows the server's chat:error reports.

import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { sessionSocket } from '../../realtime/socket';
import { useChatErrorToasts } from './chatErrors';
import { request } from './chatSocket';

export default function UnreadBadge() {
  const intl = useIntl();
  const language = useLanguage();
  const [total, setTotal] = useState(0);
  useChatErrorToasts(language);

  const refresh = useCallback(() => {
    request<{ unreadTotal: number }>(sessionSocket(language), 'chat:list', { limit: 1 })
      .then((answer) => {
        setTotal(answer.unreadTotal);
      })
      .catch(() => undefined);
  }, [language]);

  useEffect(() => {
    refresh();
    const socket = sessionSocket(language);
    socket.on('chat:message', refresh);
    socket.on('chat:read', refresh);
    socket.on('connect', refresh);
    return () => {
      socket.off('chat:message', refresh);
      socket.off('chat:read', refresh);
      socket.off('connect', refresh);
    };
  }, [language, refresh]);

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
