// "Show number" (showAdPhone): reveals the seller's number as a call link; a hidden number
// says so instead of a button. The phone's contact bar names it "Call", with an icon.

import { useIntl } from 'react-intl';
import { useShowAdPhoneMutation } from '../../api/ads';
import { errorText } from '../../ui/errorText';
import { Icon } from '../../ui/Icon';

export function PhoneButton({ listId, hidden, compact = false }: { listId: number; hidden: boolean; compact?: boolean }) {
  const intl = useIntl();
  const [show, { data, error, isLoading }] = useShowAdPhoneMutation();
  if (hidden) return <p>{intl.formatMessage({ id: 'ad.phone.hidden' })}</p>;
  if (data) {
    return (
      <a className="button" href={`tel:${data}`} dir="ltr">
        {compact ? <Icon name="phone" size={18} /> : null}
        {data}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void show({ listId })}>
        {compact ? <Icon name="phone" size={18} /> : null}
        {intl.formatMessage({ id: compact ? 'adView.bar.call' : 'ad.phone.show' })}
      </button>
      {error ? <p role="alert">{errorText(intl, error)}</p> : null}
    </>
  );
}
