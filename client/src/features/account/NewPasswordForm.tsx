// A new password and its confirmation (spec §5: at least 5 characters, confirmation matches),
// checked as typed. The caller sends it.

import type { SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import { checkConfirmation, checkNewPassword, PASSWORD_MIN_LENGTH } from './validation';

interface Values {
  password: string;
  confirmation: string;
}

function validate(v: Values): Problems<Values> {
  return { password: checkNewPassword(v.password), confirmation: checkConfirmation(v.password, v.confirmation) };
}

export interface NewPasswordFormProps {
  onSubmit: (password: string, confirmation: string) => void;
  busy: boolean;
  error?: unknown;
}

export function NewPasswordForm({ onSubmit, busy, error }: NewPasswordFormProps) {
  const intl = useIntl();
  const form = useForm<Values>({ password: '', confirmation: '' }, validate);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (form.validateAll()) onSubmit(form.values.password, form.values.confirmation);
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label={intl.formatMessage({ id: 'reset.newPassword' })}
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'signup.password.hint' }, { min: PASSWORD_MIN_LENGTH })}
        value={form.values.password}
        onValueChange={(value) => {
          form.set('password', value);
        }}
        problem={form.shown.password}
      />
      <TextField
        label={intl.formatMessage({ id: 'signup.confirmation' })}
        type="password"
        autoComplete="new-password"
        value={form.values.confirmation}
        onValueChange={(value) => {
          form.set('confirmation', value);
        }}
        problem={form.shown.confirmation}
      />
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {intl.formatMessage({ id: 'reset.save' })}
      </button>
      {busy ? <Loader /> : null}
    </form>
  );
}
