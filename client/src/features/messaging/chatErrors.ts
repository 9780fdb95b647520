// `chat:error {event, error}` (docs/realtime.md): the server's report that an event sent without
// an acknowledgement failed. Shown as an error toast in the spec §8 wording (the error's
// message key when the locale has it, else the server's wording, else the generic failure).

import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { sessionSocket } from '../../realtime/socket';
import { toastShown } from '../../ui/toastSlice';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Listens to chat:error on the session's socket while mounted. */
export function useChatErrorToasts(language: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const socket = sessionSocket(language);
    const onError = (payload: unknown) => {
      const error = isRecord(payload) && isRecord(payload.error) ? payload.error : {};
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: typeof error.messageKey === 'string' ? error.messageKey : 'common.error.generic',
          message: typeof error.message === 'string' && error.message ? error.message : undefined,
          // The same failure repeated (typing, say) replaces its toast instead of stacking.
          key: `chat:error:${typeof error.code === 'string' ? error.code : ''}`,
        }),
      );
    };
    socket.on('chat:error', onError);
    return () => {
      socket.off('chat:error', onError);
    };
  }, [dispatch, language]);
}
