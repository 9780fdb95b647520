// Spec §8 failure and success toasts of the account area: a failure shows the translation of the
// server's message key, else its wording, else the generic error.

import { useCallback, useMemo } from 'react';
import { isGatewayError } from '../../api/gateway';
import { useAppDispatch } from '../../app/hooks';
import type { MessageId } from '../../app/i18n';
import { toastShown } from '../../ui/toastSlice';

export function useResultToasts() {
  const dispatch = useAppDispatch();
  const failed = useCallback(
    (error: unknown) => {
      const e = isGatewayError(error) ? error : undefined;
      dispatch(toastShown({ kind: 'error', messageKey: e?.messageKey ?? 'common.error.generic', message: e?.message }));
    },
    [dispatch],
  );
  const succeeded = useCallback(
    (messageKey: MessageId) => {
      dispatch(toastShown({ kind: 'success', messageKey }));
    },
    [dispatch],
  );
  return useMemo(() => ({ failed, succeeded }), [failed, succeeded]);
}
