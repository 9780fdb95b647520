// /account (spec §2 "account entry"): where a person lands after signing in. Titled 'my account'
// for private users and 'my shop' for shops (spec §2), it shows who is signed in from
// getMyAccountInfo and offers sign-out, inside the account area's frame (tabs, banners).

import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useGetMyAccountInfoQuery } from '../../api/accounts';
import { accessToken } from '../../api/identity';
import { useAppSelector } from '../../app/hooks';
import { useLanguage } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { selectUser } from '../auth/authSlice';
import { useEndSession } from '../auth/useSession';
import { AccountArea } from '../my-ads/AccountTabs';

export default function AccountPage() {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const endSession = useEndSession();
  // Re-rendered when the session is renewed, so that the new token asks again.
  useAppSelector(selectUser);
  const { currentData, isError, error, refetch } = useGetMyAccountInfoQuery({ accessToken: accessToken() ?? '' });

  let content;
  if (currentData) {
    content = (
      <dl className="account-summary">
        <dt>{intl.formatMessage({ id: 'account.name' })}</dt>
        <dd>{currentData.name}</dd>
        {currentData.phone.number ? (
          <>
            <dt>{intl.formatMessage({ id: 'account.phone' })}</dt>
            <dd>
              <bdi dir="ltr">{currentData.phone.number}</bdi>
            </dd>
          </>
        ) : null}
        {currentData.email ? (
          <>
            <dt>{intl.formatMessage({ id: 'account.email' })}</dt>
            <dd>
              <bdi dir="ltr">{currentData.email}</bdi>
            </dd>
          </>
        ) : null}
        {currentData.location.city ? (
          <>
            <dt>{intl.formatMessage({ id: 'account.city' })}</dt>
            <dd>{currentData.location.city.name}</dd>
          </>
        ) : null}
      </dl>
    );
  } else if (isError) {
    content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  } else {
    content = <Loader label={intl.formatMessage({ id: 'account.loading' })} />;
  }

  return (
    <AccountArea>
      {content}
      <button
        type="button"
        className="button"
        onClick={() => {
          // Leave first: the account page would otherwise redirect to sign-in on the way out.
          void navigate(localized(language, PATHS.home));
          void endSession();
        }}
      >
        {intl.formatMessage({ id: 'account.signOut' })}
      </button>
    </AccountArea>
  );
}
