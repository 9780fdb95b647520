// The list of my conversations owns how each one is shown: its ad (photo and title, a link to
// the conversation), the other person with an online dot, the last message and the unread
// count. What it shows comes from the store (ConversationsPage).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ChatConversation } from '../../api/chat';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { keepDigitGroups, UserText } from '../../ui/UserText';
import { peerName } from './chatSocket';

export function ConversationList({ conversations }: { conversations: ChatConversation[] }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <ul className="conversations" aria-label={intl.formatMessage({ id: 'messages.list' })}>
      {conversations.map((c) => (
        <li key={c.id} className="conversations__item">
          {c.adImage ? <img className="conversations__photo" src={`/media/${c.adImage}`} alt="" /> : <span className="conversations__photo" aria-hidden="true" />}
          <Link className="conversations__title" to={`${localized(language, PATHS.messagesChat)}?conversation=${encodeURIComponent(c.id)}`}>
            <UserText text={c.adTitle} />
          </Link>
          <span className="conversations__peer">
            <UserText text={peerName(c)} />
            {c.other.online ? <span className="presence-dot" role="img" aria-label={intl.formatMessage({ id: 'messages.online' })} /> : null}
          </span>
          {c.lastMessagePreview ? (
            <span className="conversations__preview" dir="auto">
              {keepDigitGroups(c.lastMessagePreview)}
            </span>
          ) : null}
          {c.unread > 0 ? <span className="badge conversations__unread">{intl.formatMessage({ id: 'messages.unread' }, { count: c.unread })}</span> : null}
        </li>
      ))}
    </ul>
  );
}
