// An inline failure: the translated message (see errorText.ts) and, when given, a retry button.

import { useIntl } from 'react-intl';
import { errorText } from './errorText';

export interface ErrorMessageProps {
  error: unknown;
  onRetry?: () => void;
  /** Label of the button; defaults to "Réessayer". */
  retryLabel?: string;
}

export function ErrorMessage({ error, onRetry, retryLabel }: ErrorMessageProps) {
  const intl = useIntl();
  return (
    <div className="error-message" role="alert">
      <p className="error-message__text">{errorText(intl, error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel ?? intl.formatMessage({ id: 'common.retry' })}
        </button>
      ) : null}
    </div>
  );
}
