// The desk's entry point to act as a seller (spec §6, the server's actAsUser): asked first —
// the admin's own session is replaced by one as the user, whose writes are recorded under the
// admin, and the acting banner shows on every page — then the user's ads are opened. The
// admin comes back to the desk by signing out and in again.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { api } from '../../api/baseApi';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { closeSessionSocket } from '../../realtime/socket';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { ConfirmDialog } from '../../ui/Modal';
import { toastShown } from '../../ui/toastSlice';
import { useStartSession } from '../auth/useSession';
import { useActAsUserMutation, type QueueSeller } from './moderationApi';

/** First-strong isolate: a name in the other script keeps its own order inside the sentence. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

export function ActAsUser({ seller }: { seller: QueueSeller }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const startSession = useStartSession();
  const [actAs, { isLoading }] = useActAsUserMutation();
  const [asking, setAsking] = useState(false);
  const name = isolate(seller.name);
  const confirm = async () => {
    const answer = await actAs({ accountId: seller.accountId });
    if ('error' in answer) {
      setAsking(false);
      dispatch(toastShown({ kind: 'error', message: errorText(intl, answer.error) }));
      return;
    }
    // The admin's cached answers and live socket belong to the admin's session, not the user's.
    closeSessionSocket();
    dispatch(api.util.resetApiState());
    startSession(answer.data);
    void navigate(localized(language, PATHS.myAds));
  };
  return (
    <>
      <Button small weight="secondary" onClick={() => { setAsking(true); }}>
        {intl.formatMessage({ id: 'admin.actAs.open' }, { name })}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'admin.actAs.title' }, { name })}
          message={<p>{intl.formatMessage({ id: 'admin.actAs.body' }, { name })}</p>}
          confirmLabel={intl.formatMessage({ id: 'admin.actAs.confirm' })}
          cancelLabel={intl.formatMessage({ id: 'common.cancel' })}
          weight="primary"
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => { setAsking(false); }}
        />
      ) : null}
    </>
  );
}
