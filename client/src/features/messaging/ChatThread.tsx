// The thread of a conversation owns what is shown of its messages: the history held in the
// store (oldest first, "load older" for the page before), my messages not yet taken by the
// server (pending, waiting for the socket, or failed with the §8 wording and a retry), the
// sent/read ticks of mine (the other's read receipt), whether the other person is typing, how
// attachments show (an image inline, a PDF as a link), and telling the server what I have
// read: the newest message when the thread opens, then each one the other person sends.

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { loadOlder, markRead, type ChatConversation, type Thread } from '../../api/chat';
import { useAppDispatch } from '../../app/hooks';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { errorText } from '../../ui/errorText';
import { keepDigitGroups, UserText } from '../../ui/UserText';
import { peerName, type ChatMessage } from './chatSocket';
import type { Outgoing } from './useOutbox';

function Attachment({ attachment }: { attachment: NonNullable<ChatMessage['attachment']> }) {
  if (attachment.contentType.startsWith('image/')) return <img src={attachment.url} alt={attachment.name} className="chat__image" />;
  return (
    <a href={attachment.url} target="_blank" rel="noreferrer">
      <bdi dir="auto">{attachment.name}</bdi>
    </a>
  );
}

export function ChatThread({
  conversation,
  thread,
  me,
  outgoing,
  onRetry,
}: {
  conversation: ChatConversation;
  thread: Thread;
  me: number | undefined;
  outgoing: Outgoing[];
  onRetry: (item: Outgoing) => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [older, setOlder] = useState<{ loading: boolean; error?: unknown }>({ loading: false });

  // The newest message told read; my own need no telling.
  const marked = useRef<string | undefined>(undefined);
  const newest = thread.messages.at(-1);
  useEffect(() => {
    if (!newest || (marked.current !== undefined && newest.id <= marked.current)) return;
    const opening = marked.current === undefined;
    marked.current = newest.id;
    if (opening || newest.senderId !== me) void dispatch(markRead({ conversationId: conversation.id, messageId: newest.id }));
  }, [conversation.id, dispatch, me, newest]);

  const showOlder = () => {
    setOlder({ loading: true });
    dispatch(loadOlder(conversation.id))
      .then(() => {
        setOlder({ loading: false });
      })
      .catch((error: unknown) => {
        setOlder({ loading: false, error });
      });
  };

  const readUpto = conversation.otherReadUpto;
  // A message the server took (its answer, or a catch-up) leaves the outbox's list at once.
  const taken = new Set(thread.messages.filter((m) => m.senderId === me).map((m) => m.clientMessageId));
  return (
    <>
      {thread.hasOlder ? (
        <button type="button" className="button chat__older" disabled={older.loading} onClick={showOlder}>
          {intl.formatMessage({ id: 'chat.loadOlder' })}
        </button>
      ) : null}
      {older.error ? <ErrorMessage error={older.error} /> : null}
      <ol className="chat__messages" aria-label={intl.formatMessage({ id: 'chat.messages' })} aria-live="polite">
        {thread.messages.map((m) => {
          const mine = m.senderId === me;
          const read = mine && readUpto !== null && m.id <= readUpto;
          return (
            <li key={m.id} className={mine ? 'chat__message chat__message--mine' : 'chat__message'}>
              {m.text ? <p dir="auto">{keepDigitGroups(m.text)}</p> : null}
              {m.attachment ? <Attachment attachment={m.attachment} /> : null}
              {mine ? <span className="chat__tick">{intl.formatMessage({ id: read ? 'chat.status.read' : 'chat.status.sent' })}</span> : null}
            </li>
          );
        })}
        {outgoing
          .filter((o) => !taken.has(o.clientMessageId))
          .map((o) => (
            <li key={o.clientMessageId} className="chat__message chat__message--mine">
              {o.text ? <p dir="auto">{keepDigitGroups(o.text)}</p> : null}
              {o.file ? (
                <p className="chat__file">
                  <bdi dir="auto">{o.file.name}</bdi>
                </p>
              ) : null}
              {o.status === 'failed' ? (
                <span role="alert">
                  {errorText(intl, o.error)}{' '}
                  <button type="button" className="button" onClick={() => { onRetry(o); }}>
                    {intl.formatMessage({ id: 'chat.retry' })}
                  </button>
                </span>
              ) : (
                <span className="chat__tick">
                  {intl.formatMessage({ id: o.status === 'pending' ? 'chat.status.pending' : 'chat.status.waiting' })}
                </span>
              )}
            </li>
          ))}
      </ol>
      {conversation.otherTyping ? (
        <p className="chat__typing">
          {intl.formatMessage({ id: 'chat.typing' }, { name: <UserText key="name" text={peerName(conversation)} /> })}
        </p>
      ) : null}
    </>
  );
}
