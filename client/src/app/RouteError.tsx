// The fallback of RouteErrorBoundary: a generic message and a reload button.

import { useIntl } from 'react-intl';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export function RouteError() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'routeError.title' });
  useDocumentTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <ErrorMessage
        error={undefined}
        onRetry={() => {
          window.location.reload();
        }}
        retryLabel={intl.formatMessage({ id: 'common.reload' })}
      />
    </div>
  );
}
