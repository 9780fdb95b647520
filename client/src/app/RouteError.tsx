// The 500 page: shown when a page's main data fails on the server (a 5xx answer, or the
// gateway's INTERNAL_ERROR; see isServerError), with a retry that asks for the data again, and
// by RouteErrorBoundary when a page's code fails to run or load, with a reload. Failures of a
// page's secondary data (suggestions, popular cities, filters) stay inline (ui/ErrorMessage).

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useLanguage } from './i18n';

export interface RouteErrorProps {
  /** The failure, for its wording (the generic §8 wording when it has none). */
  error?: unknown;
  /** Asks for the page's data again; without it the button reloads the page. */
  onRetry?: () => void;
}

export function RouteError({ error, onRetry }: RouteErrorProps) {
  const intl = useIntl();
  const language = useLanguage();
  const title = intl.formatMessage({ id: 'routeError.title' });
  useDocumentTitle(intl.formatMessage({ id: 'routeError.documentTitle' }));
  return (
    <div className="page route-error">
      <h1>{title}</h1>
      <ErrorMessage
        error={error}
        onRetry={
          onRetry ??
          (() => {
            window.location.reload();
          })
        }
        retryLabel={intl.formatMessage({ id: onRetry ? 'common.retry' : 'common.reload' })}
      />
      <p>
        <Link to={`/${language}`}>{intl.formatMessage({ id: 'notFound.backHome' })}</Link>
      </p>
    </div>
  );
}
