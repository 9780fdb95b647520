// The social fast-login buttons (spec §2 "social-account fast login"): get the provider's
// token (socialTokens.ts), exchange it with loginWithGoogle or loginByFacebook, and open the
// session. Failures are toasts: not configured or its script not loaded ("not available"), the
// provider's dialog closed ("did not complete"), or the server's message key.

import { useIntl } from 'react-intl';
import { isGatewayError } from '../../api/gateway';
import { useLoginByFacebookMutation, useLoginWithGoogleMutation } from '../../api/accounts';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../ui/toastSlice';
import type { SessionUser } from '../auth/session';
import { useStartSession } from '../auth/useSession';
import { SocialCancelledError, SocialScriptError } from './socialProviders';
import { obtainSocialToken, SocialUnavailableError, type SocialProvider } from './socialTokens';

export function SocialSignIn({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [loginWithGoogle, google] = useLoginWithGoogleMutation();
  const [loginByFacebook, facebook] = useLoginByFacebookMutation();
  const startSession = useStartSession();
  const busy = google.isLoading || facebook.isLoading;

  async function signIn(provider: SocialProvider) {
    try {
      const token = await obtainSocialToken(provider);
      const tokens =
        provider === 'google' ? await loginWithGoogle({ token }).unwrap() : await loginByFacebook({ token }).unwrap();
      const user = startSession(tokens);
      if (user) onSignedIn(user);
    } catch (error) {
      if (error instanceof SocialUnavailableError || error instanceof SocialScriptError) {
        dispatch(toastShown({ kind: 'error', key: 'social', messageKey: 'signin.social.unavailable' }));
        return;
      }
      if (error instanceof SocialCancelledError) {
        dispatch(toastShown({ kind: 'info', key: 'social', messageKey: 'signin.social.cancelled' }));
        return;
      }
      const failure = isGatewayError(error) ? error : undefined;
      dispatch(toastShown({ kind: 'error', key: 'social', messageKey: failure?.messageKey, message: failure?.message }));
    }
  }

  return (
    <div className="social-sign-in" role="group" aria-label={intl.formatMessage({ id: 'signin.social.label' })}>
      <button type="button" className="button button--social" disabled={busy} onClick={() => void signIn('google')}>
        {intl.formatMessage({ id: 'signin.social.google' })}
      </button>
      <button type="button" className="button button--social" disabled={busy} onClick={() => void signIn('facebook')}>
        {intl.formatMessage({ id: 'signin.social.facebook' })}
      </button>
    </div>
  );
}
