// "Show number" (showAdPhone): reveals the seller's number as a call link; a hidden number
// says so instead of a button.

import { useIntl } from 'react-intl';
import { useShowAdPhoneMutation } from '../../api/ads';
import { errorText } from '../../ui/errorText';

export function PhoneButton({ listId, hidden }: { listId: number; hidden: boolean }) {
  const intl = useIntl();
  const [show, { data, error, isLoading }] = useShowAdPhoneMutation();
  if (hidden) return <p>{intl.formatMessage({ id: 'ad.phone.hidden' })}</p>;
  if (data) {
    return (
      <a className="button" href={`tel:${data}`} dir="ltr">
        {data}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void show({ listId })}>
        {intl.formatMessage({ id: 'ad.phone.show' })}
      </button>
      {error ? <p role="alert">{errorText(intl, error)}</p> : null}
    </>
  );
}
