// `chat:error {event, error}` (docs/realtime.md): the server's report that an event sent without
// an acknowledgement failed. Shown as an error toast in the spec §8 wording (the error's
// message key when the locale has it, else the server's wording, else the generic failure).

import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { sessionSocket } from '../../realtime/socket';
import { toastShown } from '../../ui/toastSlice';
import { chatErrorOf } from './chatSocket';

/** Listens to chat:error on the session's socket while mounted. */
export function useChatErrorToasts(language: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const socket = sessionSocket(language);
    const onError = (payload: unknown) => {
      const { code, messageKey, message } = chatErrorOf(payload);
      // ToastRegion words it through errorText (the key's translation, else the message, else
      // the generic failure). The same failure repeated (typing, say) replaces its toast.
      dispatch(toastShown({ kind: 'error', messageKey, message, key: `chat:error:${code}` }));
    };
    socket.on('chat:error', onError);
    return () => {
      socket.off('chat:error', onError);
    };
  }, [dispatch, language]);
}
