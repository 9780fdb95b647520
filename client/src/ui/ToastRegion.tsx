// The toast region, fixed at the bottom-left corner in both languages (spec §8 and §9 say
// bottom-left; docs/decisions.md). Each toast expires after a few seconds or when closed.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { errorText, hasMessage } from './errorText';
import { selectToasts, toastDismissed, type Toast } from './toastSlice';

export const TOAST_DURATION_MS = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { id } = toast;

  useEffect(() => {
    const timer = setTimeout(() => {
      dispatch(toastDismissed(id));
    }, TOAST_DURATION_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [dispatch, id]);

  const text =
    toast.kind === 'error'
      ? errorText(intl, { code: 'TOAST', messageKey: toast.messageKey, message: toast.message, extensions: toast.values })
      : toast.messageKey && hasMessage(intl, toast.messageKey)
        ? intl.formatMessage({ id: toast.messageKey }, toast.values)
        : (toast.message ?? '');

  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <p className="toast__text">{text}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={intl.formatMessage({ id: 'common.close' })}
        onClick={() => {
          dispatch(toastDismissed(id));
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function ToastRegion() {
  const intl = useIntl();
  const toasts = useAppSelector(selectToasts);
  return (
    <section className="toast-region" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
