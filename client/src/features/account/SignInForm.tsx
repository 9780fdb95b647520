// The sign-in form (spec §2, §4, §5): a phone number for private accounts, an e-mail address
// for shops, and the password, checked as typed, sent with loginByIdentifier. A failure shows
// the §8 login failure toast; a success opens the session (which runs the login wall's
// callback) and calls onSignedIn. Used by the sign-in pages and by the login wall.

import { useCallback, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLoginByIdentifierMutation } from '../../api/accounts';
import { useAppDispatch } from '../../app/hooks';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { toastShown } from '../../ui/toastSlice';
import { useForm, type Problems } from '../../ui/useForm';
import { isGatewayError } from '../../api/gateway';
import type { SessionUser } from '../auth/session';
import { useStartSession } from '../auth/useSession';
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
  const startSession = useStartSession();

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
      {isLoading ? <Loader label={intl.formatMessage({ id: 'signin.loading' })} /> : null}
    </form>
  );
}
