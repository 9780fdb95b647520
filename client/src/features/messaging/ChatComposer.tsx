// The composer of a conversation owns what I am writing: the text, the attached file (an image
// or a PDF under 5 MB, checked before sending) and telling the other person that I am typing —
// chat:typing goes out when typing starts and when it stops (the box emptied, the message sent,
// or TYPING_IDLE_MS without a keystroke), not at every keystroke. Sending hands the message to
// the outbox (useOutbox.ts).

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { request } from './chatSocket';
import { sessionSocket } from '../../realtime/socket';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { attachmentProblem, type AttachmentProblem } from './attachment';

/** After this long without a keystroke, the other party is told that typing stopped. */
export const TYPING_IDLE_MS = 5000;
/** The longest message the server takes (characters). */
const MAX_TEXT = 4000;

export function ChatComposer({
  conversationId,
  language,
  onSend,
}: {
  conversationId: string;
  language: string;
  onSend: (text: string, file: File | undefined) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [fileProblem, setFileProblem] = useState<AttachmentProblem | undefined>();
  // What the other party was last told about my typing, and when "stopped" is due.
  const typing = useRef<{ on: boolean; idle?: ReturnType<typeof setTimeout> }>({ on: false });

  const sendTyping = (on: boolean) => {
    clearTimeout(typing.current.idle);
    typing.current.idle = on ? setTimeout(() => { sendTyping(false); }, TYPING_IDLE_MS) : undefined;
    if (typing.current.on === on) return;
    typing.current.on = on;
    // A refusal comes back as chat:error's toast only when nothing asked; here it is not worth one.
    request(sessionSocket(language), 'chat:typing', { conversationId, typing: on }).catch(() => undefined);
  };
  useEffect(() => {
    const state = typing.current;
    return () => { clearTimeout(state.idle); };
  }, []);

  return (
    <form
      className="chat__form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (!value && !file) return;
        setText('');
        setFile(undefined);
        sendTyping(false);
        onSend(value, file);
      }}
    >
      <TextArea
        className="chat__input"
        label={intl.formatMessage({ id: 'chat.input' })}
        rows={3}
        value={text}
        // The server's limit (docs/realtime.md CHAT_MESSAGE_TOO_LONG), counted once it is near.
        counter={text.length > MAX_TEXT - 500 ? { count: text.length, max: MAX_TEXT } : undefined}
        onValueChange={(value) => {
          setText(value);
          sendTyping(value.trim() !== '');
        }}
      />
      <div className="chat__form-actions">
        <label className="chat__attach file-button">
          <Icon name="upload" size={18} />
          {intl.formatMessage({ id: 'chat.attach' })}
          <input
            key={file ? file.name : 'none'}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (!chosen) return;
              const problem = attachmentProblem(chosen);
              setFileProblem(problem);
              setFile(problem ? undefined : chosen);
            }}
          />
        </label>
        <Button type="submit" weight="primary">
          {intl.formatMessage({ id: 'chat.send' })}
        </Button>
      </div>
      {file ? (
        <p className="chat__file">
          <bdi dir="auto">{file.name}</bdi>{' '}
          <Button weight="ghost" small onClick={() => { setFile(undefined); }}>
            {intl.formatMessage({ id: 'chat.attach.remove' })}
          </Button>
        </p>
      ) : null}
      {fileProblem ? (
        <p role="alert">
          {intl.formatMessage({ id: fileProblem === 'type' ? 'chat.error.attachmentType' : 'chat.error.attachmentTooLarge' })}
        </p>
      ) : null}
    </form>
  );
}
