// The sign-in form (spec §2, §4, §5): a phone number for private accounts, an e-mail address
// for shops, and the password, checked as typed, sent with loginByIdentifier. A failure shows
// the §8 login failure toast; a success opens the session (which runs the login wall's
// callback) and calls onSignedIn. A private account may instead sign in with a code sent to
// its phone (requestSignInCode, loginWithCode), which passes while password sign-ins wait after
// failures (docs/security.md); the form offers it prominently once told to wait. Used by the
// sign-in pages and by the login wall.

import { useCallback, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  useLoginByIdentifierMutation,
  useLoginWithCodeMutation,
  useRequestSignInCodeMutation,
} from '../../api/accounts';
import { useAppDispatch } from '../../app/hooks';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { toastShown } from '../../ui/toastSlice';
import { useForm, type Problems } from '../../ui/useForm';
import { isGatewayError } from '../../api/gateway';
import type { SessionUser } from '../auth/session';
import { useStartSession } from '../auth/useSession';
import { OneTimeCode } from './OneTimeCode';
import { checkEmail, checkPasswordPresent, checkPhone, normalizePhone } from './validation';

export type SignInKind = 'private' | 'shop';

interface Values {
  identifier: string;
  password: string;
}

function validatorFor(kind: SignInKind) {
  return (values: Values): Problems<Values> => ({
    identifier: kind === 'private' ? checkPhone(values.identifier) : checkEmail(values.identifier),
    password: checkPasswordPresent(values.password),
  });
}

const VALIDATORS = { private: validatorFor('private'), shop: validatorFor('shop') };

export interface SignInFormProps {
  kind: SignInKind;
  onSignedIn: (user: SessionUser) => void;
}

export function SignInForm({ kind, onSignedIn }: SignInFormProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const form = useForm<Values>({ identifier: '', password: '' }, VALIDATORS[kind]);
  const [login, { isLoading }] = useLoginByIdentifierMutation();
  const [requestCode, { isLoading: requesting }] = useRequestSignInCodeMutation();
  const [loginWithCode, { isLoading: checking, error: codeError }] = useLoginWithCodeMutation();
  const startSession = useStartSession();
  /** The phone a sign-in code went to: the code screen shows instead of the password. */
  const [codeSentTo, setCodeSentTo] = useState<string | undefined>(undefined);
  /** The server asked to wait before another password: the code is offered first. */
  const [waiting, setWaiting] = useState(false);

  const sendCode = useCallback(async () => {
    form.touch('identifier');
    const phone = normalizePhone(form.values.identifier);
    if (checkPhone(form.values.identifier) !== undefined || !phone) return;
    try {
      setCodeSentTo(await requestCode({ phone }).unwrap());
    } catch (error) {
      const failure = isGatewayError(error) ? error : undefined;
      dispatch(
        toastShown({
          kind: 'error',
          key: 'login',
          messageKey: failure?.messageKey ?? 'login.error.somethingWrong',
          message: failure?.message,
        }),
      );
    }
  }, [dispatch, form, requestCode]);

  const signInWithCode = useCallback(
    async (code: string) => {
      if (!codeSentTo) return;
      try {
        const tokens = await loginWithCode({ phone: codeSentTo, code }).unwrap();
        const user = startSession(tokens);
        if (user) onSignedIn(user);
      } catch {
        // Shown under the code field (codeError).
      }
    },
    [codeSentTo, loginWithCode, onSignedIn, startSession],
  );

  const submit = useCallback(
    async (event: SyntheticEvent) => {
      event.preventDefault();
      if (!form.validateAll()) return;
      const identifier =
        kind === 'private' ? (normalizePhone(form.values.identifier) ?? '') : form.values.identifier.trim();
      try {
        const tokens = await login({ identifier, password: form.values.password }).unwrap();
        const user = startSession(tokens);
        if (user) onSignedIn(user);
        else dispatch(toastShown({ kind: 'error', key: 'login', messageKey: 'login.error.somethingWrong' }));
      } catch (error) {
        const failure = isGatewayError(error) ? error : undefined;
        if (failure?.code === 'TOO_MANY_ATTEMPTS') setWaiting(true);
        dispatch(
          toastShown({
            kind: 'error',
            key: 'login',
            messageKey: failure?.messageKey ?? 'login.error.somethingWrong',
            message: failure?.message,
          }),
        );
      }
    },
    [dispatch, form, kind, login, onSignedIn, startSession],
  );

  if (codeSentTo) {
    return (
      <div className="sign-in-code">
        <OneTimeCode
          phone={codeSentTo}
          busy={checking}
          error={codeError}
          onSubmit={(code) => void signInWithCode(code)}
          onResend={() => requestCode({ phone: codeSentTo }).unwrap()}
        />
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setCodeSentTo(undefined);
          }}
        >
          {intl.formatMessage({ id: 'signin.withCode.back' })}
        </button>
      </div>
    );
  }

  const codeOption =
    kind === 'private' ? (
      <div className={waiting ? 'sign-in-code-offer sign-in-code-offer--waiting' : 'sign-in-code-offer'}>
        {waiting ? <p role="status">{intl.formatMessage({ id: 'signin.withCode.hint' })}</p> : null}
        <button
          type="button"
          className={waiting ? 'button button--primary' : 'button button--link'}
          disabled={requesting}
          onClick={() => void sendCode()}
        >
          {intl.formatMessage({ id: 'signin.withCode' })}
        </button>
      </div>
    ) : null;

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {kind === 'private' ? (
        <TextField
          label={intl.formatMessage({ id: 'signin.phone' })}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={form.values.identifier}
          onValueChange={(value) => {
            form.set('identifier', value);
          }}
          onBlur={() => {
            form.touch('identifier');
          }}
          problem={form.shown.identifier}
        />
      ) : (
        <TextField
          label={intl.formatMessage({ id: 'signin.email' })}
          type="email"
          autoComplete="email"
          value={form.values.identifier}
          onValueChange={(value) => {
            form.set('identifier', value);
          }}
          onBlur={() => {
            form.touch('identifier');
          }}
          problem={form.shown.identifier}
        />
      )}
      <TextField
        label={intl.formatMessage({ id: 'signin.password' })}
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onValueChange={(value) => {
          form.set('password', value);
        }}
        onBlur={() => {
          form.touch('password');
        }}
        problem={form.shown.password}
      />
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: 'signin.submit' })}
      </button>
      {isLoading || requesting ? <Loader label={intl.formatMessage({ id: 'signin.loading' })} /> : null}
      {codeOption}
    </form>
  );
}
