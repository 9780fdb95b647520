// Report abuse (submitReportAd): one of the seven spec types, an optional comment, and the
// reporter's e-mail for visitors (a signed-in reporter is their account). A repeat report
// answers `reported: false` and says so.

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSubmitReportAdMutation } from '../../api/ads';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/authSlice';
import { errorText } from '../../ui/errorText';
import { Modal } from '../../ui/Modal';
import type { MessageId } from '../../app/i18n';
import { LIMITS } from '../../app/rules';

export const REPORT_TYPES = ['fraud', 'duplicate', 'wrong_cat', 'wrong_img', 'fake_number', 'wrong_price', 'sold'] as const;

export function ReportAdDialog({ listId, onClose }: { listId: number; onClose: () => void }) {
  const intl = useIntl();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [type, setType] = useState('');
  const [email, setEmail] = useState('');
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<MessageId | undefined>();
  const [submit, { data, error, isLoading, isSuccess }] = useSubmitReportAdMutation();

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!type) {
      setInvalid('ad.report.typeRequired');
      return;
    }
    if (!isLoggedIn && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setInvalid('ad.report.emailRequired');
      return;
    }
    setInvalid(undefined);
    void submit({ listId, type, from: isLoggedIn ? null : email.trim(), body });
  };

  return (
    <Modal title={intl.formatMessage({ id: 'ad.report.title' })} onClose={onClose}>
      {isSuccess ? (
        <p role="status">{intl.formatMessage({ id: data ? 'ad.report.done' : 'ad.report.already' })}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset>
            <legend>{intl.formatMessage({ id: 'ad.report.type' })}</legend>
            {REPORT_TYPES.map((key) => (
              <label key={key} className="radio">
                <input type="radio" name="report-type" value={key} checked={type === key} onChange={() => { setType(key); }} />
                {intl.formatMessage({ id: `ad.report.type.${key}` as MessageId })}
              </label>
            ))}
          </fieldset>
          {isLoggedIn ? null : (
            <label className="field">
              {intl.formatMessage({ id: 'ad.report.email' })}
              <input type="email" value={email} dir="ltr" onChange={(e) => { setEmail(e.target.value); }} />
            </label>
          )}
          <label className="field">
            {intl.formatMessage({ id: 'ad.report.body' })}
            <textarea value={body} maxLength={LIMITS.reportBodyMax} onChange={(e) => { setBody(e.target.value); }} />
          </label>
          {invalid ? <p role="alert">{intl.formatMessage({ id: invalid })}</p> : null}
          {error ? <p role="alert">{errorText(intl, error)}</p> : null}
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {intl.formatMessage({ id: 'ad.report.submit' })}
          </button>
        </form>
      )}
    </Modal>
  );
}
