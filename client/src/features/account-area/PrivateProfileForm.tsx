// A private account's profile (spec §4 "Profile edit"): name, city and address, saved with
// updateMyAccountInfo; the phone and the e-mail are shown but not editable (spec §6: the e-mail
// cannot change, a new phone goes through customer support).

import type { SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useUpdateMyAccountInfoMutation, type CurrentUser } from '../../api/profile';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { useForm, type Problems } from '../../ui/useForm';
import { CityPicker } from '../account/CityPicker';
import { checkCity, checkPersonName } from '../account/validation';
import { useCurrentUser } from './useCurrentUser';
import { useResultToasts } from './useErrorToast';

interface Values {
  name: string;
  cityId: number | undefined;
  address: string;
}

function validate(values: Values): Problems<Values> {
  return { name: checkPersonName(values.name), cityId: checkCity(values.cityId) };
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const form = useForm<Values>(
    { name: user.name, cityId: user.location.city?.id, address: user.location.address ?? '' },
    validate,
  );
  const [update, { isLoading }] = useUpdateMyAccountInfoMutation();
  const toasts = useResultToasts();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!form.validateAll() || form.values.cityId === undefined) return;
    update({ name: form.values.name.trim(), location: { cityId: form.values.cityId, address: form.values.address.trim() } })
      .unwrap()
      .then(() => { toasts.succeeded('settings.saved'); })
      .catch(toasts.failed);
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <TextField label={intl.formatMessage({ id: 'settings.name' })} value={form.values.name} onValueChange={(v) => { form.set('name', v); }} problem={form.shown.name} autoComplete="name" />
      <CityPicker value={form.values.cityId} onChange={(v) => { form.set('cityId', v); }} problem={form.shown.cityId} />
      <TextField label={intl.formatMessage({ id: 'settings.address' })} value={form.values.address} onValueChange={(v) => { form.set('address', v); }} autoComplete="street-address" />
      {user.phone ? (
        <TextField label={intl.formatMessage({ id: 'account.phone' })} value={user.phone} onValueChange={() => undefined} readOnly dir="ltr" hint={intl.formatMessage({ id: 'account.error.phoneChangeViaSupport' })} />
      ) : null}
      {user.email ? (
        <TextField label={intl.formatMessage({ id: 'account.email' })} value={user.email} onValueChange={() => undefined} readOnly dir="ltr" hint={intl.formatMessage({ id: 'account.error.emailCannotChange' })} />
      ) : null}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: isLoading ? 'settings.saving' : 'settings.save' })}
      </button>
    </form>
  );
}

export function PrivateProfileForm() {
  const intl = useIntl();
  const { currentData, isError, error, refetch, fulfilledTimeStamp } = useCurrentUser();
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'settings.loading' })} />;
  // The form starts again from what the server answered after a save.
  return <ProfileForm key={fulfilledTimeStamp} user={currentData} />;
}
