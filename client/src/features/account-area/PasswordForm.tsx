// Changing one's password (spec §5: at least 5 characters, different from the current one,
// confirmation matching) with editUserPassword (204 private, 201 shop). The server then revokes
// every refresh token of the account, so the session is opened again with the new password to
// stay signed in.

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLoginByIdentifierMutation } from '../../api/accounts';
import { useEditUserPasswordMutation } from '../../api/profile';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import { checkConfirmation, checkNewPassword, checkPasswordPresent } from '../account/validation';
import { selectUser, signedIn } from '../auth/authSlice';
import { storeTokens, userFromToken } from '../auth/session';
import { useCurrentUser } from './useCurrentUser';
import { useResultToasts } from './useErrorToast';

interface Values {
  current: string;
  password: string;
  confirmation: string;
}

function validate(values: Values): Problems<Values> {
  const password = checkNewPassword(values.password);
  return {
    current: checkPasswordPresent(values.current),
    password: password ?? (values.password === values.current ? 'validation.password.sameAsCurrent' : undefined),
    confirmation: checkConfirmation(values.password, values.confirmation),
  };
}

function PasswordFields({ onSaved }: { onSaved: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const form = useForm<Values>({ current: '', password: '', confirmation: '' }, validate);
  const [edit, { isLoading }] = useEditUserPasswordMutation();
  const [login] = useLoginByIdentifierMutation();
  const { currentData: me } = useCurrentUser();
  const toasts = useResultToasts();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!form.validateAll() || !user) return;
    const password = form.values.password;
    edit({ userId: user.accountId, currentPassword: form.values.current, password, accountType: user.type })
      .unwrap()
      .then(async () => {
        toasts.succeeded('settings.password.saved');
        onSaved();
        const identifier = user.type === 'shop' ? (me?.email ?? user.email) : me?.phone;
        if (!identifier) return;
        const tokens = await login({ identifier, password }).unwrap();
        const next = userFromToken(tokens.accessToken);
        if (!next) return;
        storeTokens(tokens);
        dispatch(signedIn(next));
      })
      .catch(toasts.failed);
  };
  const field = (name: keyof Values, label: 'settings.password.current' | 'settings.password.new' | 'settings.password.confirmation', autoComplete: string) => (
    <TextField
      type="password"
      label={intl.formatMessage({ id: label })}
      value={form.values[name]}
      onValueChange={(v) => { form.set(name, v); }}
      problem={form.shown[name]}
      autoComplete={autoComplete}
    />
  );
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {field('current', 'settings.password.current', 'current-password')}
      {field('password', 'settings.password.new', 'new-password')}
      {field('confirmation', 'settings.password.confirmation', 'new-password')}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: isLoading ? 'settings.saving' : 'settings.password.submit' })}
      </button>
    </form>
  );
}

/** The fields start empty again after a change. */
export function PasswordForm() {
  const [round, setRound] = useState(0);
  return <PasswordFields key={round} onSaved={() => { setRound((n) => n + 1); }} />;
}
