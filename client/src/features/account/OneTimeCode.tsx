// The one-time code screen (spec §2, §4, §5): the code sent by messaging app to a phone,
// 6 digits (empty asks for a code), a resend button that waits for the countdown, and an
// optional skip. What the code is for (verifying a phone, resetting a password) is the
// caller's: it gets the code in onSubmit and says how to resend.

import { useEffect, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { isolateLtr } from '../../lib/bidi';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { checkCode, CODE_LENGTH } from './validation';

/** The server sends a new code only after 60 seconds (docs/api.md, RESEND_TOO_SOON). */
export const RESEND_AFTER_SECONDS = 60;

export interface OneTimeCodeProps {
  /** The phone the code went to, as the server normalised it. */
  phone: string;
  onSubmit: (code: string) => void;
  onResend: () => Promise<unknown>;
  onSkip?: () => void;
  /** Verifying: shows a loader and blocks a second submit. */
  busy?: boolean;
  /** The last failure of onSubmit or onResend, shown under the field. */
  error?: unknown;
}

/** The wait before a new code may be asked for; remounted (keyed) at every send. */
function ResendCountdown({ onResend, busy }: { onResend: () => void; busy: boolean }) {
  const intl = useIntl();
  const [left, setLeft] = useState(RESEND_AFTER_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => {
      setLeft((current) => Math.max(0, current - 1));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  if (left > 0) {
    return (
      <span role="timer" aria-live="off">
        {intl.formatMessage({ id: 'otp.resendIn' }, { seconds: left })}
      </span>
    );
  }
  return (
    <button type="button" className="button button--link" disabled={busy} onClick={onResend}>
      {intl.formatMessage({ id: 'otp.resend' })}
    </button>
  );
}

export function OneTimeCode({ phone, onSubmit, onResend, onSkip, busy = false, error }: OneTimeCodeProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [sends, setSends] = useState(0);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<unknown>(undefined);
  const problem = attempted ? checkCode(code) : undefined;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    setAttempted(true);
    if (checkCode(code) === undefined) onSubmit(code.replace(/\s/g, ''));
  }

  async function resend() {
    setResending(true);
    setResendError(undefined);
    try {
      await onResend();
      setSends((n) => n + 1);
    } catch (failure) {
      setResendError(failure);
    } finally {
      setResending(false);
    }
  }

  const failure = resendError ?? error;
  return (
    <form className="form one-time-code" noValidate onSubmit={submit}>
      <p>{intl.formatMessage({ id: 'otp.sentTo' }, { phone: isolateLtr(phone) })}</p>
      <TextField
        label={intl.formatMessage({ id: 'otp.label' }, { length: CODE_LENGTH })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH + 2}
        value={code}
        onValueChange={setCode}
        onBlur={() => {
          if (code !== '') setAttempted(true);
        }}
        problem={problem}
      />
      {failure ? <ErrorMessage error={failure} /> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {intl.formatMessage({ id: 'otp.submit' })}
      </button>
      {busy || resending ? <Loader /> : null}
      <p className="one-time-code__resend">
        <ResendCountdown key={sends} busy={resending} onResend={() => void resend()} />
      </p>
      {onSkip ? (
        <p>
          <button type="button" className="button button--link" onClick={onSkip}>
            {intl.formatMessage({ id: 'otp.skip' })}
          </button>
        </p>
      ) : null}
    </form>
  );
}
