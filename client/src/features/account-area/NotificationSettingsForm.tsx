// Notification settings (spec §2, §3 notification preferences): ads, boosts, payments and the
// newsletter can be turned off; chat notifications stay on (always sent true). Above them, the
// e-mail verification prompt (getUserNotificationChannel): an unverified address can ask for a
// verification e-mail (sendEmailVerification; spec §8: success opens the 'link sent' modal,
// failure the 'verify your email' one). The e-mailed link comes back here with ?verify=<code>,
// which verifyEmail confirms.

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  useGetEmailChannelQuery,
  useGetUserNotificationPreferencesQuery,
  useSendEmailVerificationMutation,
  useUpdateUserNotificationPreferencesMutation,
  useVerifyEmailMutation,
  type NotificationSettings,
} from '../../api/profile';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { errorText } from '../../ui/errorText';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { useResultToasts } from './useErrorToast';

const EDITABLE = ['adNotificationsEnabled', 'vasNotificationsEnabled', 'paymentNotificationsEnabled', 'newsletterNotificationsEnabled'] as const;

function EmailVerification() {
  const intl = useIntl();
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const { currentData: status } = useGetEmailChannelQuery(undefined);
  const [send, sending] = useSendEmailVerificationMutation();
  const [verify] = useVerifyEmailMutation();
  const [dialog, setDialog] = useState<'sent' | 'failed'>();
  const [failure, setFailure] = useState<unknown>();
  const toasts = useResultToasts();
  const code = search.get('verify');
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!code || tried.current === code) return;
    tried.current = code;
    verify({ code })
      .unwrap()
      .then(() => { toasts.succeeded('settings.email.verified'); })
      .catch(toasts.failed)
      .finally(() => {
        const next = new URLSearchParams(search);
        next.delete('verify');
        setSearch(next, { replace: true });
      });
  }, [code, search, setSearch, toasts, verify]);

  if (status === 'missing') return <p className="field__hint">{intl.formatMessage({ id: 'settings.email.missing' })}</p>;
  if (status !== 'unverified') return null;
  return (
    <div className="banner" role="region" aria-label={intl.formatMessage({ id: 'settings.email.prompt.label' })}>
      <p>{intl.formatMessage({ id: 'settings.email.prompt' })}</p>
      <button
        type="button"
        className="button"
        disabled={sending.isLoading}
        onClick={() => {
          send({ lang: language === 'ar' ? 'AR' : 'FR' })
            .unwrap()
            .then(() => { setDialog('sent'); })
            .catch((e: unknown) => {
              setFailure(e);
              setDialog('failed');
            });
        }}
      >
        {intl.formatMessage({ id: 'settings.email.send' })}
      </button>
      {dialog === 'sent' ? (
        <Modal title={intl.formatMessage({ id: 'settings.email.sent.title' })} onClose={() => { setDialog(undefined); }}>
          <p>{intl.formatMessage({ id: 'settings.email.sent.text' })}</p>
        </Modal>
      ) : null}
      {dialog === 'failed' ? (
        <Modal title={intl.formatMessage({ id: 'settings.email.failed.title' })} onClose={() => { setDialog(undefined); }}>
          <p>{intl.formatMessage({ id: 'settings.email.failed.text' })}</p>
          <p role="alert">{errorText(intl, failure)}</p>
        </Modal>
      ) : null}
    </div>
  );
}

function PreferencesForm({ saved }: { saved: NotificationSettings }) {
  const intl = useIntl();
  const [values, setValues] = useState(saved);
  const [update, { isLoading }] = useUpdateUserNotificationPreferencesMutation();
  const toasts = useResultToasts();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    update({ ...values, chatNotificationsEnabled: true })
      .unwrap()
      .then(() => { toasts.succeeded('settings.notifications.saved'); })
      .catch(toasts.failed);
  };
  return (
    <form className="settings-form" onSubmit={submit}>
      <fieldset>
        <legend>{intl.formatMessage({ id: 'settings.notifications.legend' })}</legend>
        {EDITABLE.map((name) => (
          <label key={name} className="checkbox">
            <input
              type="checkbox"
              checked={values[name]}
              onChange={(e) => { setValues({ ...values, [name]: e.target.checked }); }}
            />{' '}
            {intl.formatMessage({ id: `settings.notifications.${name}` })}
          </label>
        ))}
        <label className="checkbox">
          <input type="checkbox" checked disabled aria-describedby="chat-always" /> {intl.formatMessage({ id: 'settings.notifications.chatNotificationsEnabled' })}
        </label>
        <p id="chat-always" className="field__hint">
          {intl.formatMessage({ id: 'settings.notifications.chatAlways' })}
        </p>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {intl.formatMessage({ id: isLoading ? 'settings.saving' : 'settings.save' })}
      </button>
    </form>
  );
}

export function NotificationSettingsForm() {
  const intl = useIntl();
  const { currentData, isError, error, refetch } = useGetUserNotificationPreferencesQuery(undefined);
  return (
    <>
      <EmailVerification />
      {isError && !currentData ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      ) : !currentData ? (
        <Loader label={intl.formatMessage({ id: 'settings.loading' })} />
      ) : (
        <PreferencesForm saved={currentData} />
      )}
    </>
  );
}
