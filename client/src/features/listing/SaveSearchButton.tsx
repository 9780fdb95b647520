// Save search (spec §8 "Save search: saved, already saved, error"): signed-in people only —
// visitors meet the login wall, which saves after sign-in. The outcome is a toast.

import { useIntl } from 'react-intl';
import { useSaveSearchMutation, type SearchFilters } from '../../api/search';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch } from '../../app/hooks';
import { useRequireSignIn } from '../auth/loginWall';
import { toastShown } from '../../ui/toastSlice';

export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const requireSignIn = useRequireSignIn();
  const [save, { isLoading }] = useSaveSearchMutation();

  const doSave = () => {
    save({ filters })
      .unwrap()
      .then((result) => {
        dispatch(
          toastShown({
            kind: result.outcome === 'SAVED' ? 'success' : 'info',
            messageKey: result.outcome === 'SAVED' ? 'listing.saveSearch.saved' : 'listing.saveSearch.alreadySaved',
            key: 'save-search',
          }),
        );
      })
      .catch((error: unknown) => {
        const e = isGatewayError(error) ? error : undefined;
        // The limit has its own wording; any other failure is the §8 "error" outcome.
        const messageKey = e?.code === 'SAVED_SEARCH_LIMIT_REACHED' ? 'listing.saveSearch.limit' : 'listing.saveSearch.error';
        dispatch(toastShown({ kind: 'error', messageKey, key: 'save-search' }));
      });
  };
  return (
    <button type="button" className="button" disabled={isLoading} onClick={() => { requireSignIn(doSave); }}>
      {intl.formatMessage({ id: 'listing.saveSearch' })}
    </button>
  );
}
