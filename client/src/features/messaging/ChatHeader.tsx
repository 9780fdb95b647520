// The header of a conversation owns what is said about it and what can be done to it as a whole:
// the ad's title, the other person with their presence (online, or when last seen, kept live by
// the presence event through the store), block and unblock, and delete after a confirmation
// (then back to the list). A refused action shows its §8 wording here.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useDeleteConversationMutation, useSetBlockedMutation, type ChatConversation } from '../../api/chat';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Modal } from '../../ui/Modal';
import { UserText } from '../../ui/UserText';
import { peerName } from './chatSocket';

export function ChatHeader({ conversation }: { conversation: ChatConversation }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [setBlocked] = useSetBlockedMutation();
  const [deleteConversation] = useDeleteConversationMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [actionError, setActionError] = useState<unknown>();
  const { other } = conversation;

  const block = (on: boolean) => {
    setActionError(undefined);
    setBlocked({ conversationId: conversation.id, block: on })
      .unwrap()
      .catch((error: unknown) => {
        setActionError(error);
      });
  };

  const remove = () => {
    deleteConversation(conversation.id)
      .unwrap()
      .then(() => navigate(localized(language, PATHS.messages)))
      .catch((error: unknown) => {
        setConfirmDelete(false);
        setActionError(error);
      });
  };

  return (
    <div className="chat__header">
      <h1>
        <UserText text={conversation.adTitle} />
      </h1>
      <p className="chat__peer">
        <UserText text={peerName(conversation)} />{' '}
        {other.online || other.lastSeen ? (
          <span className={other.online ? 'chat__presence chat__presence--online' : 'chat__presence'}>
            {other.online
              ? intl.formatMessage({ id: 'messages.online' })
              : intl.formatMessage(
                  { id: 'chat.lastSeen' },
                  { when: intl.formatDate(new Date(other.lastSeen ?? 0), { dateStyle: 'medium', timeStyle: 'short' }) },
                )}
          </span>
        ) : null}
      </p>
      <div className="chat__actions">
        <button type="button" className="button" onClick={() => { block(!conversation.blockedByMe); }}>
          {intl.formatMessage({ id: conversation.blockedByMe ? 'chat.unblock' : 'chat.block' })}
        </button>
        <button type="button" className="button" onClick={() => { setConfirmDelete(true); }}>
          {intl.formatMessage({ id: 'chat.delete' })}
        </button>
      </div>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {confirmDelete ? (
        <Modal title={intl.formatMessage({ id: 'chat.delete.title' })} onClose={() => { setConfirmDelete(false); }}>
          <p>{intl.formatMessage({ id: 'chat.delete.body' })}</p>
          <button type="button" className="button" onClick={remove}>
            {intl.formatMessage({ id: 'chat.delete.confirm' })}
          </button>
        </Modal>
      ) : null}
    </div>
  );
}
