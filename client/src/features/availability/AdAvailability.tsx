// The ad view's availability section of a vacation rental: its booked nights, read-only, with a
// loader while they come and a retry if they do not.

import { useIntl } from 'react-intl';
import { useGetAdAvailabilityQuery } from '../../api/ads';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { AvailabilityCalendar } from './AvailabilityCalendar';
import { daysOf } from './days';

export function AdAvailability({ listId }: { listId: number }) {
  const intl = useIntl();
  const { currentData, isError, error, refetch } = useGetAdAvailabilityQuery({ listId });
  const title = intl.formatMessage({ id: 'calendar.title' });
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {isError && !currentData ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      ) : currentData ? (
        <AvailabilityCalendar booked={daysOf(currentData)} />
      ) : (
        <Loader label={intl.formatMessage({ id: 'calendar.loading' })} />
      )}
    </section>
  );
}
