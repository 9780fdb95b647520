// Contact the seller from the ad view (spec §2 and §6, docs/realtime.md). A signed-in buyer
// writes a first message, sent with `chat:open`, and lands in that conversation. A visitor
// writes an e-mail, a message and an optional CV to `POST /api/ads/{listId}/message`, with its
// outcomes: the message is delivered and the visitor is invited to create an account (an
// unknown e-mail); a first message from an address waits for the link e-mailed to it
// (`pending`: the visitor is told to check their e-mail, docs/security.md); or the e-mail has an
// account and the visitor is asked to sign in. An ad
// that no longer takes messages (not public any more, or gone: the server answers NOT_FOUND as
// for an unknown ad) is said so in the §8 wording of a missing ad, and the form stops sending.
// The seller's own ad offers no contact.

import { useState, type SyntheticEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { GatewayError } from '../../api/gateway';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import type { Language } from '../../app/language';
import { localized, PATHS } from '../../app/paths';
import { errorText } from '../../ui/errorText';
import { Modal } from '../../ui/Modal';
import { selectUser } from '../auth/authSlice';
import { sessionSocket } from '../../realtime/socket';
import { ChatRequestError, request, type Conversation } from '../messaging/chatSocket';
import { Icon } from '../../ui/Icon';
import { LIMITS } from '../../app/rules';

/** The CV of the visitor's form (spec §6): at most 2.5 MB, pdf, jpg, jpeg, rtf or odt. */
export const MAX_CV_BYTES = LIMITS.cvMaxBytes;
export const CV_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'rtf', 'odt'] as const;
const MAX_MESSAGE_CHARS = LIMITS.chatTextMax;

/** Why a CV is refused before sending, if it is. */
export function cvProblem(file: File): MessageId | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CV_EXTENSIONS as readonly string[]).includes(extension)) return 'messageForm.error.cvType';
  if (file.size > MAX_CV_BYTES) return 'messageForm.error.cvTooLarge';
  return undefined;
}

let counter = 0;
function newClientMessageId(): string {
  counter += 1;
  return `o-${Date.now().toString(36)}-${String(counter)}`;
}

export function conversationPath(language: Language, conversationId: string): string {
  return `${localized(language, '/messages/chat')}?conversation=${encodeURIComponent(conversationId)}`;
}

/** The answer of the visitor's form. */
export interface SellerMessageAnswer {
  sent: boolean;
  /** The message waits until the visitor opens the confirmation link e-mailed to them. */
  pending: boolean;
  inviteToSignUp: boolean;
}

/** A refusal of the visitor's form, in the gateway error's shape (ErrorMessage / errorText). */
export class SellerMessageError extends Error implements GatewayError {
  readonly code: string;
  readonly messageKey: string | undefined;
  readonly status: number | undefined;
  constructor(error: GatewayError) {
    super(error.message ?? '');
    this.code = error.code;
    this.messageKey = error.messageKey;
    this.status = error.status;
  }
}

/** Posts the visitor's form; rejects with the server's §8 error (a SellerMessageError). */
export async function sendMessageToSeller(
  listId: number,
  form: { email: string; message: string; cv?: File },
  language: string,
): Promise<SellerMessageAnswer> {
  const body = new FormData();
  body.append('email', form.email);
  body.append('message', form.message);
  if (form.cv) body.append('cv', form.cv, form.cv.name);
  let response: Response;
  try {
    response = await fetch(`/api/ads/${String(listId)}/message`, { method: 'POST', body, headers: { 'Accept-Language': language } });
  } catch {
    throw new SellerMessageError({ code: 'NETWORK_ERROR', messageKey: 'common.error.network' });
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new SellerMessageError({
      code: typeof answer.code === 'string' ? answer.code : 'INTERNAL',
      messageKey: typeof answer.messageKey === 'string' ? answer.messageKey : undefined,
      message: typeof answer.wording === 'string' ? answer.wording : undefined,
      status: response.status,
    });
  }
  return { sent: answer.sent === true, pending: answer.pending === true, inviteToSignUp: answer.inviteToSignUp === true };
}

/** The server's answer for an ad that takes no message: unknown, or not public (docs/realtime.md). */
function adTakesNoMessage(error: unknown): boolean {
  return (error instanceof ChatRequestError || error instanceof SellerMessageError) && error.code === 'NOT_FOUND';
}

/** A refusal in the §8 wording: the ad's own for an ad that takes no message. */
function refusalText(intl: IntlShape, error: unknown): string {
  return adTakesNoMessage(error) ? intl.formatMessage({ id: 'contact.error.adNotFound' }) : errorText(intl, error);
}

function BuyerForm({ listId, onClose }: { listId: number; onClose: () => void }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MessageId | undefined>();
  const [error, setError] = useState<unknown>();
  const [sending, setSending] = useState(false);
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('contact.error.empty');
      return;
    }
    setProblem(undefined);
    setError(undefined);
    setSending(true);
    request<{ conversation: Conversation }>(sessionSocket(language), 'chat:open', { listId, text: text.trim(), clientMessageId: newClientMessageId() })
      .then(({ conversation }) => {
        onClose();
        void navigate(conversationPath(language, conversation.id));
      })
      .catch((e: unknown) => {
        setError(e);
        setSending(false);
      });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <label className="field">
        {intl.formatMessage({ id: 'contact.message' })}
        <textarea value={text} maxLength={MAX_MESSAGE_CHARS} dir="auto" onChange={(e) => { setText(e.target.value); }} />
      </label>
      {problem ? <p role="alert">{intl.formatMessage({ id: problem })}</p> : null}
      {error ? <p role="alert">{refusalText(intl, error)}</p> : null}
      <button type="submit" className="button button--primary" disabled={sending || adTakesNoMessage(error)}>
        {intl.formatMessage({ id: sending ? 'contact.sending' : 'contact.send' })}
      </button>
    </form>
  );
}

/** What the visitor is told after the form: check their e-mail, or sent (with the invitation). */
function visitorOutcome(answer: SellerMessageAnswer): MessageId {
  if (answer.pending) return 'contact.visitor.pending';
  return answer.inviteToSignUp ? 'contact.visitor.sentInvite' : 'contact.visitor.sent';
}

function VisitorForm({ listId }: { listId: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [cv, setCv] = useState<File | undefined>();
  const [problem, setProblem] = useState<MessageId | undefined>();
  const [error, setError] = useState<unknown>();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<SellerMessageAnswer | undefined>();

  if (answer) {
    return (
      <div role="status">
        <p>{intl.formatMessage({ id: visitorOutcome(answer) })}</p>
        {answer.inviteToSignUp ? (
          <Link className="button button--primary" to={localized(language, PATHS.signUp)}>
            {intl.formatMessage({ id: 'contact.visitor.createAccount' })}
          </Link>
        ) : null}
      </div>
    );
  }
  const emailTaken = error instanceof SellerMessageError && error.code === 'EMAIL_ALREADY_EXISTS';
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setProblem('contact.error.email');
      return;
    }
    if (!message.trim()) {
      setProblem('contact.error.empty');
      return;
    }
    const cvRefusal = cv ? cvProblem(cv) : undefined;
    if (cvRefusal) {
      setProblem(cvRefusal);
      return;
    }
    setProblem(undefined);
    setError(undefined);
    setSending(true);
    sendMessageToSeller(listId, { email: email.trim(), message: message.trim(), cv }, language)
      .then(setAnswer)
      .catch((e: unknown) => {
        setError(e);
      })
      .finally(() => {
        setSending(false);
      });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <label className="field">
        {intl.formatMessage({ id: 'contact.visitor.email' })}
        <input type="email" value={email} dir="ltr" autoComplete="email" onChange={(e) => { setEmail(e.target.value); }} />
      </label>
      <label className="field">
        {intl.formatMessage({ id: 'contact.message' })}
        <textarea value={message} maxLength={MAX_MESSAGE_CHARS} dir="auto" onChange={(e) => { setMessage(e.target.value); }} />
      </label>
      <div className="file-field">
        <label className="file-button">
          <Icon name="document" size={18} />
          {intl.formatMessage({ id: 'contact.visitor.cv' })}
          <input
            type="file"
            accept={CV_EXTENSIONS.map((e) => `.${e}`).join(',')}
            onChange={(e) => {
              setCv(e.target.files?.[0]);
            }}
          />
        </label>
        {cv ? <bdi className="file-field__name">{cv.name}</bdi> : null}
      </div>
      {problem ? <p role="alert">{intl.formatMessage({ id: problem })}</p> : null}
      {error ? (
        <div role="alert">
          <p>{refusalText(intl, error)}</p>
          {emailTaken ? (
            <Link className="button" to={localized(language, PATHS.signIn)}>
              {intl.formatMessage({ id: 'header.signIn' })}
            </Link>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending || adTakesNoMessage(error)}>
        {intl.formatMessage({ id: sending ? 'contact.sending' : 'contact.send' })}
      </button>
    </form>
  );
}

/**
 * The "contact the seller" button and its dialog; nothing on the viewer's own ad. `compact`: the
 * phone bar's button (an icon, "Envoyer un message"); `short`: the bar also holds Buy, so the
 * button says just "Message" and the three fit a phone's width.
 */
export function ContactSeller({ listId, sellerAccountId, compact = false, short = false }: { listId: number; sellerAccountId: number; compact?: boolean; short?: boolean }) {
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState(false);
  if (user?.accountId === sellerAccountId) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => { setOpen(true); }}>
        {compact ? <Icon name="chat" size={18} /> : null}
        {intl.formatMessage({ id: compact ? (short ? 'adView.bar.messageShort' : 'adView.bar.message') : 'ad.contact' })}
      </button>
      {open ? (
        <Modal title={intl.formatMessage({ id: 'contact.title' })} onClose={() => { setOpen(false); }}>
          {user ? <BuyerForm listId={listId} onClose={() => { setOpen(false); }} /> : <VisitorForm listId={listId} />}
        </Modal>
      ) : null}
    </>
  );
}
