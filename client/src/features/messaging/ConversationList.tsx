// The list of my conversations owns how each one is shown: its ad (photo and title, a link to
// the conversation), the other person with an online dot, the last message and the unread
// count. What it shows comes from the store (ConversationsPage).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ChatConversation } from '../../api/chat';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { Icon } from '../../ui/Icon';
import { keepDigitGroups, UserText } from '../../ui/UserText';
import './messaging.css';
import { peerName } from './chatSocket';

/** The server's preview of a file alone ("📎 name", domain/src/chat.rs): an icon and the name. */
function Preview({ text }: { text: string }) {
  const file = text.startsWith('📎 ') ? text.slice('📎 '.length) : undefined;
  if (file === undefined) {
    return (
      <span className="conversations__preview" dir="auto">
        {keepDigitGroups(text)}
      </span>
    );
  }
  return (
    <span className="conversations__preview conversations__preview--file">
      <Icon name="document" size={16} />
      <bdi dir="auto">{file}</bdi>
    </span>
  );
}

export function ConversationList({ conversations }: { conversations: ChatConversation[] }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <ul className="conversations" aria-label={intl.formatMessage({ id: 'messages.list' })}>
      {conversations.map((c) => (
        <li key={c.id} className={c.unread > 0 ? 'conversations__item conversations__item--unread' : 'conversations__item'}>
          {c.adImage ? (
            <img className="conversations__photo" src={`/media/${c.adImage}`} alt="" />
          ) : (
            <span className="conversations__photo conversations__photo--none" aria-hidden="true">
              <Icon name="chat" size={22} />
            </span>
          )}
          {/* The title is the link; the whole card answers the click (CSS: the link covers it). */}
          <Link className="conversations__title" to={`${localized(language, PATHS.messagesChat)}?conversation=${encodeURIComponent(c.id)}`}>
            <UserText text={c.adTitle} />
          </Link>
          <span className="conversations__peer">
            <UserText text={peerName(c)} />
            {c.other.online ? <span className="presence-dot" role="img" aria-label={intl.formatMessage({ id: 'messages.online' })} /> : null}
          </span>
          {c.lastMessagePreview ? <Preview text={c.lastMessagePreview} /> : null}
          {c.unread > 0 ? <span className="badge conversations__unread">{intl.formatMessage({ id: 'messages.unread' }, { count: c.unread })}</span> : null}
        </li>
      ))}
    </ul>
  );
}
