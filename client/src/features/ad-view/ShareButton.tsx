// Share: the system share sheet where the browser has one, else the link copied to the
// clipboard with a toast. Closing the sheet (AbortError) does nothing; a sheet that fails
// otherwise (refused, nothing to share with) falls back to copying the link.

import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../ui/toastSlice';

export function ShareButton({ url, title }: { url: string; title: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const copy = () => {
    const clipboard = (navigator as Partial<Navigator>).clipboard;
    if (!clipboard) {
      dispatch(toastShown({ kind: 'error', messageKey: 'ad.share.failed' }));
      return;
    }
    clipboard
      .writeText(url)
      .then(() => dispatch(toastShown({ kind: 'success', messageKey: 'ad.share.copied', key: 'share' })))
      .catch(() => dispatch(toastShown({ kind: 'error', messageKey: 'ad.share.failed' })));
  };
  const share = () => {
    if (typeof navigator.share === 'function') {
      navigator.share({ url, title }).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) copy();
      });
    } else copy();
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={share}>
        {intl.formatMessage({ id: 'ad.share.share' })}
      </button>
      <button type="button" className="button button--secondary" onClick={copy}>
        {intl.formatMessage({ id: 'ad.share.copy' })}
      </button>
    </>
  );
}
