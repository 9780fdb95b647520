// The header of a conversation owns what is said about it and what can be done to it as a whole:
// the ad's title, the other person with their presence (online, or when last seen, kept live by
// the presence event through the store), a link to the ad, block and unblock, and delete after a
// confirmation (then back to the list). A refused action shows its §8 wording here.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { deleteConversation, setBlocked, type ChatConversation } from '../../api/chat';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { adPath } from '../ads/adPaths';
import { UserText } from '../../ui/UserText';
import { peerName } from './chatSocket';

export function ChatHeader({ conversation }: { conversation: ChatConversation }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [actionError, setActionError] = useState<unknown>();
  const { other } = conversation;

  const block = (on: boolean) => {
    setActionError(undefined);
    dispatch(setBlocked({ conversationId: conversation.id, block: on })).catch((error: unknown) => {
        setActionError(error);
      });
  };

  const remove = () => {
    dispatch(deleteConversation(conversation.id))
      .then(() => navigate(localized(language, PATHS.messages)))
      .catch((error: unknown) => {
        setConfirmDelete(false);
        setActionError(error);
      });
  };

  return (
    <div className="chat__header">
      <div className="chat__about">
        {conversation.adImage ? <img className="chat__photo" src={`/media/${conversation.adImage}`} alt="" /> : null}
        <div className="chat__who">
          <h1 className="chat__title">
            <Link to={localized(language, adPath(conversation.listId))}>
              <UserText text={conversation.adTitle} />
            </Link>
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
        </div>
      </div>
      <div className="chat__actions">
        <Button small onClick={() => { block(!conversation.blockedByMe); }}>
          {intl.formatMessage({ id: conversation.blockedByMe ? 'chat.unblock' : 'chat.block' })}
        </Button>
        <Button small weight="danger" onClick={() => { setConfirmDelete(true); }}>
          {intl.formatMessage({ id: 'chat.delete' })}
        </Button>
      </div>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {confirmDelete ? (
        <Modal title={intl.formatMessage({ id: 'chat.delete.title' })} onClose={() => { setConfirmDelete(false); }}>
          <p>{intl.formatMessage({ id: 'chat.delete.body' })}</p>
          <div className="chat__confirm">
            <Button onClick={() => { setConfirmDelete(false); }}>{intl.formatMessage({ id: 'common.cancel' })}</Button>
            <Button weight="danger" onClick={remove}>
              {intl.formatMessage({ id: 'chat.delete.confirm' })}
            </Button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
