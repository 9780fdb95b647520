// Settings (/account/v2/settings/{profile,contact,password,notification}, spec §2): private
// accounts have profile, password and notification; shops have shop info (profile), contact,
// password and notification. Each sub-tab loads what it edits, saves it with the server's
// mutation and answers with the spec §8 toasts; server refusals are shown translated.

import { useIntl } from 'react-intl';
import { Navigate, NavLink, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { selectUser } from '../auth/authSlice';
import { AccountArea } from '../my-ads/AccountTabs';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { PasswordForm } from './PasswordForm';
import { PrivateProfileForm } from './PrivateProfileForm';
import { ShopContactForm, ShopInfoForm } from './ShopForms';

type Section = 'profile' | 'contact' | 'password' | 'notification';

const PATH_OF: Record<Section, string> = {
  profile: PATHS.settingsProfile,
  contact: PATHS.settingsContact,
  password: PATHS.settingsPassword,
  notification: PATHS.settingsNotification,
};

export default function SettingsPage() {
  const intl = useIntl();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const { section } = useParams();
  const shop = user?.type === 'shop' && user.storeId !== null;
  const sections: Section[] = shop ? ['profile', 'contact', 'password', 'notification'] : ['profile', 'password', 'notification'];
  const current = sections.find((s) => s === section);
  if (!user) return null;
  if (!current) return <Navigate to={localized(language, PATHS.settingsProfile)} replace />;
  const label = (s: Section): MessageId => (s === 'profile' && shop ? 'settings.tab.shopInfo' : `settings.tab.${s}`);

  let form;
  if (current === 'profile') form = shop && user.storeId !== null ? <ShopInfoForm storeId={user.storeId} /> : <PrivateProfileForm />;
  else if (current === 'contact' && user.storeId !== null) form = <ShopContactForm storeId={user.storeId} />;
  else if (current === 'password') form = <PasswordForm />;
  else form = <NotificationSettingsForm />;

  return (
    <AccountArea>
      <nav aria-label={intl.formatMessage({ id: 'settings.tabs' })}>
        <ul className="tabs tabs--secondary">
          {sections.map((s) => (
            <li key={s}>
              <NavLink to={localized(language, PATH_OF[s])} end>
                {intl.formatMessage({ id: label(s) })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{intl.formatMessage({ id: label(current) })}</h2>
      {form}
    </AccountArea>
  );
}
