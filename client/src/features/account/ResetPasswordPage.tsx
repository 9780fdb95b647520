// /account/reset-password (spec §2, §4): a forgotten password is reset by phone (a one-time
// code by messaging app, then the new password: requestAccountRecoveryByPhone, resetMyPassword)
// or by e-mail (requestAccountRecovery sends a link back to this page with ?token=, where the
// new password is chosen: resetMyPassword with the token).

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  useRequestAccountRecoveryByPhoneMutation,
  useRequestAccountRecoveryMutation,
  useResetMyPasswordMutation,
} from '../../api/accounts';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { isolateLtr } from '../../lib/bidi';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NewPasswordForm } from './NewPasswordForm';
import { OneTimeCode } from './OneTimeCode';
import { checkEmail, checkPhone, normalizePhone } from './validation';

type Method = 'phone' | 'email';

function Done() {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <>
      <p role="status">{intl.formatMessage({ id: 'reset.done' })}</p>
      <p>
        <Link className="button button--primary" to={localized(language, PATHS.signIn)}>
          {intl.formatMessage({ id: 'reset.toSignIn' })}
        </Link>
      </p>
    </>
  );
}

/** The page opened from the e-mailed link. */
function ResetWithLink({ token }: { token: string }) {
  const [reset, { isLoading, isSuccess, error }] = useResetMyPasswordMutation();
  if (isSuccess) return <Done />;
  return (
    <NewPasswordForm
      busy={isLoading}
      error={error}
      onSubmit={(password, passwordConfirmation) => void reset({ token, password, passwordConfirmation })}
    />
  );
}

interface IdentifierValues {
  identifier: string;
}

function AskForReset({ method, onSent }: { method: Method; onSent: (identifier: string) => void }) {
  const intl = useIntl();
  const [byPhone, phoneState] = useRequestAccountRecoveryByPhoneMutation();
  const [byEmail, emailState] = useRequestAccountRecoveryMutation();
  const form = useForm<IdentifierValues>(
    { identifier: '' },
    (v): Problems<IdentifierValues> => ({
      identifier: method === 'phone' ? checkPhone(v.identifier) : checkEmail(v.identifier),
    }),
  );
  const busy = phoneState.isLoading || emailState.isLoading;
  const [failure, setFailure] = useState<unknown>(undefined);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    setFailure(undefined);
    try {
      if (method === 'phone') {
        const phone = await byPhone({ phone: normalizePhone(form.values.identifier) ?? '' }).unwrap();
        onSent(phone);
      } else {
        const email = await byEmail({ email: form.values.identifier.trim() }).unwrap();
        onSent(email);
      }
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={intl.formatMessage({ id: method === 'phone' ? 'signin.phone' : 'signin.email' })}
        type={method === 'phone' ? 'tel' : 'email'}
        autoComplete={method === 'phone' ? 'tel' : 'email'}
        value={form.values.identifier}
        onValueChange={(value) => {
          form.set('identifier', value);
        }}
        problem={form.shown.identifier}
      />
      {failure ? <ErrorMessage error={failure} /> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {intl.formatMessage({ id: method === 'phone' ? 'reset.sendCode' : 'reset.sendLink' })}
      </button>
      {busy ? <Loader /> : null}
    </form>
  );
}

type PhoneStep = { kind: 'ask' } | { kind: 'code'; phone: string } | { kind: 'password'; phone: string; code: string };

function ResetByPhone() {
  const intl = useIntl();
  const [step, setStep] = useState<PhoneStep>({ kind: 'ask' });
  const [resend] = useRequestAccountRecoveryByPhoneMutation();
  const [reset, { isLoading, isSuccess, error, reset: clear }] = useResetMyPasswordMutation();

  if (isSuccess) return <Done />;
  if (step.kind === 'ask') {
    return (
      <AskForReset
        method="phone"
        onSent={(phone) => {
          setStep({ kind: 'code', phone });
        }}
      />
    );
  }
  if (step.kind === 'code') {
    return (
      <OneTimeCode
        phone={step.phone}
        onSubmit={(code) => {
          clear();
          setStep({ kind: 'password', phone: step.phone, code });
        }}
        onResend={() => resend({ phone: step.phone }).unwrap()}
      />
    );
  }
  return (
    <>
      <NewPasswordForm
        busy={isLoading}
        error={error}
        onSubmit={(password, passwordConfirmation) =>
          void reset({ phone: step.phone, code: step.code, password, passwordConfirmation })
        }
      />
      {error ? (
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setStep({ kind: 'code', phone: step.phone });
          }}
        >
          {intl.formatMessage({ id: 'reset.otherCode' })}
        </button>
      ) : null}
    </>
  );
}

function ResetByEmail() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  if (sentTo) return <p role="status">{intl.formatMessage({ id: 'reset.linkSent' }, { email: isolateLtr(sentTo) })}</p>;
  return <AskForReset method="email" onSent={setSentTo} />;
}

export default function ResetPasswordPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('phone');
  const title = intl.formatMessage({ id: 'reset.title' });
  useDocumentTitle(`${title} · Souk`);
  const token = params.get('token');

  return (
    <div className="page account-entry">
      <h1>{title}</h1>
      {token ? (
        <ResetWithLink token={token} />
      ) : (
        <>
          <fieldset className="account-type">
            <legend>{intl.formatMessage({ id: 'reset.method' })}</legend>
            {(['phone', 'email'] as const).map((choice) => (
              <label key={choice} className="account-type__choice">
                <input
                  type="radio"
                  name="reset-method"
                  value={choice}
                  checked={method === choice}
                  onChange={() => {
                    setMethod(choice);
                  }}
                />
                {intl.formatMessage({ id: choice === 'phone' ? 'reset.method.phone' : 'reset.method.email' })}
              </label>
            ))}
          </fieldset>
          {method === 'phone' ? <ResetByPhone /> : <ResetByEmail />}
        </>
      )}
    </div>
  );
}
