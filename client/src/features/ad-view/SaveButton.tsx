// Save / unsave (spec §4): visitors meet the login wall, which saves after sign-in; the
// button changes only when the server confirms (201 saved, 204 unsaved). The initial state
// is getAd's `savedByMe` for the signed-in viewer.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSaveAdMutation, useUnsaveAdMutation } from '../../api/ads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/authSlice';
import { useRequireSignIn } from '../auth/loginWall';
import { toastShown } from '../../ui/toastSlice';
import { isGatewayError } from '../../api/gateway';

export function SaveButton({ listId, savedByMe }: { listId: number; savedByMe: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const requireSignIn = useRequireSignIn();
  const [override, setOverride] = useState<boolean | undefined>(undefined);
  const [save, { isLoading: saving }] = useSaveAdMutation();
  const [unsave, { isLoading: unsaving }] = useUnsaveAdMutation();
  const saved = override ?? (isLoggedIn && savedByMe);

  const fail = (error: unknown) => {
    const e = isGatewayError(error) ? error : undefined;
    dispatch(toastShown({ kind: 'error', messageKey: e?.messageKey ?? 'common.error.generic', message: e?.message }));
  };
  const doSave = () => {
    save({ listId })
      .unwrap()
      .then((code) => {
        if (code === 201) {
          setOverride(true);
          dispatch(toastShown({ kind: 'success', messageKey: 'ad.save.done' }));
        }
      })
      .catch(fail);
  };
  const doUnsave = () => {
    unsave({ listId })
      .unwrap()
      .then((code) => {
        if (code === 204) setOverride(false);
      })
      .catch(fail);
  };
  return (
    <button
      type="button"
      className="button"
      aria-pressed={saved}
      disabled={saving || unsaving}
      onClick={() => {
        if (saved) doUnsave();
        else requireSignIn(doSave);
      }}
    >
      {intl.formatMessage({ id: saved ? 'ad.save.saved' : 'ad.save.save' })}
    </button>
  );
}
