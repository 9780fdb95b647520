// Save / unsave (spec §4): visitors meet the login wall, which saves after sign-in; the
// button changes only when the server confirms (201 saved, 204 unsaved), and any other answer
// is one of the §8 errors with the state left as it was (features/ads/savedAds.ts). The
// initial state is getAd's `savedByMe` for the signed-in viewer.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/authSlice';
import { useRequireSignIn } from '../auth/loginWall';
import { useSavedAdOperation } from '../ads/savedAds';
import { toastShown } from '../../ui/toastSlice';

export function SaveButton({ listId, savedByMe }: { listId: number; savedByMe: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const requireSignIn = useRequireSignIn();
  const [override, setOverride] = useState<boolean | undefined>(undefined);
  const { run, busy } = useSavedAdOperation();
  const saved = override ?? (isLoggedIn && savedByMe);

  const doSave = () => {
    run('saveAd', listId, () => {
      setOverride(true);
      dispatch(toastShown({ kind: 'success', messageKey: 'ad.save.done' }));
    });
  };
  const doUnsave = () => {
    run('unsaveAd', listId, () => {
      setOverride(false);
    });
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-pressed={saved}
      disabled={busy}
      onClick={() => {
        if (saved) doUnsave();
        else requireSignIn(doSave);
      }}
    >
      {intl.formatMessage({ id: saved ? 'ad.save.saved' : 'ad.save.save' })}
    </button>
  );
}
