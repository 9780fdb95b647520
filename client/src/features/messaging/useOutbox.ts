// The messages I send in a conversation, from the moment I press send until the server has taken
// them: each goes with a client message id (pending), joins the store's thread and conversation
// once acknowledged (chat:send's answer, api/chat.ts ownMessageSent), or stays failed with the
// §8 wording and can be sent again with the same id. When the server ends the socket's session
// (session:expired: its access token expired or was logged out), the messages it had not
// acknowledged wait, and leave again with the same client message id once the socket is back
// with a new token (auth/LiveSessionKeeper.tsx).

import { useCallback, useEffect, useRef, useState } from 'react';
import { ownMessageSent } from '../../api/chat';
import { useAppDispatch } from '../../app/hooks';
import { sessionSocket } from '../../realtime/socket';
import { readBytes } from './attachment';
import { ChatRequestError, request, type ChatMessage } from './chatSocket';

export interface Outgoing {
  clientMessageId: string;
  text: string;
  /** A file sent with the message (its bytes are read when it is sent). */
  file?: File;
  /** `waiting`: the session ended before the server took it; it is sent again on reconnection. */
  status: 'pending' | 'waiting' | 'failed';
  error?: unknown;
  /** Which sending this is: only the latest one's answer counts. */
  attempt?: number;
}

let counter = 0;
function newClientMessageId(): string {
  counter += 1;
  return `c-${Date.now().toString(36)}-${counter}`;
}

export interface Outbox {
  /** What has not been taken yet, in the order it was sent. */
  outgoing: Outgoing[];
  /** Sends a new message. */
  send: (text: string, file: File | undefined) => void;
  /** Sends a failed (or waiting) message again, with its client message id. */
  retry: (item: Outgoing) => void;
}

export function useOutbox(conversationId: string, language: string): Outbox {
  const dispatch = useAppDispatch();
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);

  const deliver = useCallback(
    (item: Outgoing) => {
      const attempt = (item.attempt ?? 0) + 1;
      const latest = (o: Outgoing) => o.clientMessageId === item.clientMessageId && o.attempt === attempt;
      setOutgoing((current) => [
        ...current.filter((o) => o.clientMessageId !== item.clientMessageId),
        { ...item, status: 'pending', error: undefined, attempt },
      ]);
      const payload = async () => ({
        conversationId,
        clientMessageId: item.clientMessageId,
        text: item.text || undefined,
        // Binary: socket.io-client sends it as a Socket.IO binary attachment.
        attachment: item.file ? { name: item.file.name, data: await readBytes(item.file) } : undefined,
      });
      payload()
        .then((body) => request<{ message: ChatMessage }>(sessionSocket(language), 'chat:send', body))
        .then(({ message }) => {
          dispatch(ownMessageSent(message));
          setOutgoing((current) => current.filter((o) => o.clientMessageId !== item.clientMessageId));
        })
        .catch((error: unknown) => {
          // Refused because the session ended: it waits for the socket to come back.
          const status = error instanceof ChatRequestError && error.code === 'SESSION_EXPIRED' ? 'waiting' : 'failed';
          setOutgoing((current) => current.map((o) => (latest(o) ? { ...o, status, error } : o)));
        });
    },
    [conversationId, dispatch, language],
  );

  // The socket's handlers below read the latest of these.
  const latest = useRef({ deliver, outgoing });
  useEffect(() => {
    latest.current = { deliver, outgoing };
  });
  useEffect(() => {
    const socket = sessionSocket(language);
    // The server will not answer what it had not answered when it ended the session.
    const onSessionExpired = () => {
      setOutgoing((current) => current.map((o) => (o.status === 'pending' ? { ...o, status: 'waiting' } : o)));
    };
    const onConnect = () => {
      for (const item of latest.current.outgoing) if (item.status === 'waiting') latest.current.deliver(item);
    };
    socket.on('session:expired', onSessionExpired);
    socket.on('connect', onConnect);
    return () => {
      socket.off('session:expired', onSessionExpired);
      socket.off('connect', onConnect);
    };
  }, [language]);

  return {
    outgoing,
    send: (text, file) => {
      deliver({ clientMessageId: newClientMessageId(), text, file, status: 'pending' });
    },
    retry: deliver,
  };
}
