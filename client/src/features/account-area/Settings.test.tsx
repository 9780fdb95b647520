// Settings: the sub-tabs of each account type, loading and error states, the private profile,
// the shop's info and contact (one editShopProfile with every field), the password (rules, the
// server's refusal translated, signing in again with the new password) and the notification
// preferences with the e-mail verification prompt and link.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  accessTokenFor,
  currentUser,
  gateway,
  graphqlError,
  internalErrorResponse,
  pending,
  tokenPair,
  type GatewayCall,
} from '../../../test/fixtures';
import { FakeXhr, installFakeXhr } from '../../../test/fakeXhr';
import { renderApp } from '../../../test/renderApp';
import { readCookie } from '../../lib/cookies';
import { TOUR_KEY_PREFIX } from './OnboardingTour';

function signIn(kind: 'private' | 'shop' = 'private') {
  const shop = kind === 'shop';
  document.cookie = `souk_token=${accessTokenFor(shop ? { roles: ['ROLE_STORE_OWNER'], storeId: 1 } : {})}; Path=/`;
  document.cookie = 'souk_refresh=refresh-old; Path=/';
  window.localStorage.setItem(`${TOUR_KEY_PREFIX}42`, '1');
}

const SHOP_PROFILE = {
  storeId: 1,
  email: 'contact@auto-prestige-casa.ma',
  name: 'Auto Prestige Casa',
  desc: 'Voitures révisées',
  shortDesc: 'Voitures',
  category: 2010,
  imageLogo: null,
  address: 'Bd Zerktouni',
  phone1: '0522000000',
  phone2: null,
  phone3: null,
  storeUrl: null,
};

const PREFERENCES = {
  settings: {
    adNotificationsEnabled: true,
    vasNotificationsEnabled: true,
    paymentNotificationsEnabled: true,
    newsletterNotificationsEnabled: false,
    chatNotificationsEnabled: true,
  },
};

function settings(extra: Record<string, (call: GatewayCall) => unknown> = {}, calls: GatewayCall[] = []) {
  return gateway(
    {
      getCurrentUser: ({ headers }) => currentUser(headers.get('Authorization')?.includes(accessTokenFor({ roles: ['ROLE_STORE_OWNER'], storeId: 1 }).split('.')[1] ?? '') ? 'shop' : 'private'),
      getShopProfile: () => SHOP_PROFILE,
      getUserNotificationPreferences: () => PREFERENCES,
      getUserNotificationChannel: () => ({ name: 'email', status: 'verified' }),
      getCategories: ({ language }) => [
        { id: 20000, parentId: null, childrenIds: [2010], order: 1, name: language === 'ar' ? 'المركبات' : 'Véhicules', label: { fr: 'Véhicules', ar: 'المركبات' }, slug: { fr: 'vehicules', ar: 'المركبات' }, adTypes: [] },
        { id: 2010, parentId: 20000, childrenIds: [], order: 1, name: language === 'ar' ? 'سيارات' : 'Voitures', label: { fr: 'Voitures', ar: 'سيارات' }, slug: { fr: 'voitures', ar: 'سيارات' }, adTypes: [] },
      ],
      ...extra,
    },
    calls,
  );
}

function toasts() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('settings', () => {
  it('offers profile, password and notifications to a private account, and sends /settings to the profile', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(settings());
    const { pathname } = renderApp('/account/v2/settings');
    const tabs = await screen.findByRole('navigation', { name: 'Rubriques des paramètres' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Profil', 'Mot de passe', 'Notifications']);
    expect(pathname()).toBe('/fr/account/v2/settings/profile');
    const area = screen.getByRole('navigation', { name: 'Espace compte' });
    expect(within(area).getAllByRole('link').map((l) => l.textContent)).toEqual(['Mes annonces', 'Mes commandes', 'Favoris', 'Mes paiements', 'Paramètres']);
    expect(within(area).getByRole('link', { name: 'Mes commandes' })).toHaveAttribute('href', '/fr/account/v2/my-orders?status=initiated&page=1');
  });

  it('shows a loader, then the error with a retry, then the profile, and saves it', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(settings({ getCurrentUser: () => pending() }));
    const { unmount } = renderApp('/account/v2/settings/profile');
    expect(await screen.findByRole('status', { name: 'Chargement de vos paramètres…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      settings(
        {
          getCurrentUser: () => (failures-- > 0 ? internalErrorResponse() : currentUser('private')),
          getCitiesFormattedNext: () => ({ cities: [{ label: 'Casablanca', value: '1', type: 'city', slug: 'casablanca' }, { label: 'Rabat', value: '7', type: 'city', slug: 'rabat' }], count: 2 }),
          updateMyAccountInfo: () => ({ id: 42, name: 'Yassine Amrani', location: { city: { id: 7, name: 'Rabat' }, address: 'Agdal' } }),
        },
        calls,
      ),
    );
    renderApp('/account/v2/settings/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    const name = await screen.findByLabelText('Nom');
    expect(name).toHaveValue('Yassine El Amrani');
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('readonly');
    fireEvent.change(name, { target: { value: 'Y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Nom incorrect')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'updateMyAccountInfo')).toBe(false);

    fireEvent.change(name, { target: { value: 'Yassine Amrani' } });
    fireEvent.change(await screen.findByLabelText('Ville'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'Agdal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(toasts()).findByText('Compte mis à jour')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'updateMyAccountInfo')?.variables).toEqual({
      input: { name: 'Yassine Amrani', location: { cityId: 7, address: 'Agdal' } },
    });
  });

  it('edits a shop’s info and contact with every field of the profile', async () => {
    signIn('shop');
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      settings({ getCurrentUser: () => currentUser('shop'), editShopProfile: () => ({ code: 201 }) }, calls),
    );
    renderApp('/account/v2/settings/contact');
    const tabs = await screen.findByRole('navigation', { name: 'Rubriques des paramètres' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Informations de la boutique', 'Contact', 'Mot de passe', 'Notifications']);
    fireEvent.change(await screen.findByLabelText('Deuxième téléphone (facultatif)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Numéro de téléphone invalide')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Deuxième téléphone (facultatif)'), { target: { value: '0661000000' } });
    fireEvent.change(screen.getByLabelText('Site web'), { target: { value: 'https://auto-prestige.ma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(toasts()).findByText('Compte mis à jour')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'editShopProfile')?.variables).toEqual({
      userId: 42,
      shopName: 'Auto Prestige Casa',
      shopCategory: 2010,
      shortDescription: 'Voitures',
      shopDescription: 'Voitures révisées',
      address: 'Bd Zerktouni',
      phone1: '0522000000',
      phone2: '0661000000',
      phone3: '',
      shopUrl: 'https://auto-prestige.ma',
    });
  });

  it('uploads the shop logo: checked before sending, progress, the new logo shown, a refusal translated', async () => {
    signIn('shop');
    jest.spyOn(globalThis, 'fetch').mockImplementation(settings({ getCurrentUser: () => currentUser('shop') }));
    const restore = installFakeXhr();
    try {
      renderApp('/account/v2/settings/info');
      expect(await screen.findByText('Pas encore de logo')).toBeInTheDocument();
      const input = screen.getByLabelText('Ajouter un logo');

      fireEvent.change(input, { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Le logo doit être une image JPEG ou PNG');
      const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
      fireEvent.change(input, { target: { files: [huge] } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Le logo dépasse 2 Mo');
      expect(FakeXhr.instances).toHaveLength(0);

      fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
      const progress = await screen.findByRole('progressbar', { name: 'Envoi du logo' });
      const upload = FakeXhr.instances[0];
      expect(upload?.url).toBe('/api/shops/logo');
      expect(upload?.body?.get('userId')).toBe('42');
      expect(upload?.body?.has('file')).toBe(true);
      upload?.progress(1, 4);
      expect(progress).toHaveAttribute('value', '0.25');
      await upload?.answer(201, { code: 201, logo: '/media/logos/1/new-256.png' });
      expect(await screen.findByRole('img', { name: 'Logo de la boutique' })).toHaveAttribute('src', '/media/logos/1/new-256.png');
      expect(await within(toasts()).findByText('Logo enregistré')).toBeInTheDocument();

      fireEvent.change(screen.getByLabelText('Changer le logo'), { target: { files: [new File(['png'], 'faux.png', { type: 'image/png' })] } });
      await FakeXhr.instances[1]?.answer(422, { code: 'LOGO_NOT_AN_IMAGE', messageKey: 'no.such.key', message: 'Ce fichier n’est pas une image' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Ce fichier n’est pas une image');
      expect(screen.getByRole('img', { name: 'Logo de la boutique' })).toHaveAttribute('src', '/media/logos/1/new-256.png');
    } finally {
      restore();
    }
  });

  it('changes the password, translating a refusal, then signs in again with the new one', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    let refuse = true;
    const renewed = tokenPair({ name: 'Yassine El Amrani' });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      settings(
        {
          editUserPassword: () =>
            refuse ? graphqlError('WRONG_CURRENT_PASSWORD', 'password.error.wrongCurrent', 'Mot de passe actuel incorrect') : { code: 204 },
          loginByIdentifier: () => renewed,
        },
        calls,
      ),
    );
    renderApp('/account/v2/settings/password');
    const current = await screen.findByLabelText('Mot de passe actuel');
    fireEvent.change(current, { target: { value: 'ancien1' } });
    fireEvent.change(screen.getByLabelText('Nouveau mot de passe'), { target: { value: 'ancien1' } });
    fireEvent.change(screen.getByLabelText('Confirmation du nouveau mot de passe'), { target: { value: 'autre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(screen.getByText("Le nouveau mot de passe doit être différent de l'actuel")).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Nouveau mot de passe'), { target: { value: 'nouveau2' } });
    fireEvent.change(screen.getByLabelText('Confirmation du nouveau mot de passe'), { target: { value: 'nouveau2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(toasts()).findByText('Le mot de passe actuel est incorrect')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(toasts()).findByText('Votre mot de passe a été modifié')).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'editUserPassword').at(-1)?.variables).toEqual({
      userId: 42,
      currentPassword: 'ancien1',
      password: 'nouveau2',
      accountType: 'private',
    });
    await waitFor(() => { expect(readCookie('souk_token')).toBe(renewed.accessToken); });
    expect(calls.find((c) => c.operationName === 'loginByIdentifier')?.variables).toEqual({ identifier: '0612345678', password: 'nouveau2' });
    expect(await screen.findByLabelText('Mot de passe actuel')).toHaveValue('');
  });

  it('saves notification preferences with chat always on', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      settings({ updateUserNotificationPreferences: ({ variables }) => ({ settings: variables.preferences }) }, calls),
    );
    renderApp('/account/v2/settings/notification');
    const newsletter = await screen.findByRole('checkbox', { name: 'La newsletter et les bons plans' });
    expect(newsletter).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mes messages' })).toBeDisabled();
    fireEvent.click(newsletter);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mes paiements' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(toasts()).findByText('Paramètres de notification mis à jour')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'updateUserNotificationPreferences')?.variables).toEqual({
      preferences: { ...PREFERENCES.settings, newsletterNotificationsEnabled: true, paymentNotificationsEnabled: false },
    });
  });

  it('prompts to verify an unverified e-mail: link sent, or the failure modal', async () => {
    signIn('shop');
    let fail = false;
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      settings(
        {
          getCurrentUser: () => currentUser('shop'),
          getUserNotificationChannel: () => ({ name: 'email', status: 'unverified' }),
          sendEmailVerification: () => (fail ? internalErrorResponse() : true),
        },
        calls,
      ),
    );
    renderApp('/ar/account/v2/settings/notification');
    const prompt = await screen.findByRole('region', { name: 'التحقق من البريد الإلكتروني' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'إرسال رابط التحقق' }));
    const sent = await screen.findByRole('dialog', { name: 'تم إرسال الرابط' });
    expect(calls.find((c) => c.operationName === 'sendEmailVerification')?.variables).toEqual({ lang: 'AR' });
    fireEvent.click(within(sent).getByRole('button', { name: 'إغلاق' }));

    fail = true;
    fireEvent.click(within(prompt).getByRole('button', { name: 'إرسال رابط التحقق' }));
    const failed = await screen.findByRole('dialog', { name: 'تحقق من بريدك الإلكتروني' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('خطأ، يرجى المحاولة لاحقًا');
  });

  it('confirms the e-mailed verification link (/account/settings/notification?verify=)', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(settings({ verifyEmail: () => ({ code: 200 }) }, calls));
    const { pathname, search } = renderApp('/account/settings/notification?verify=123456');
    expect(await within(toasts()).findByText('Votre adresse e-mail est vérifiée')).toBeInTheDocument();
    expect(pathname()).toBe('/account/v2/settings/notification');
    expect(calls.find((c) => c.operationName === 'verifyEmail')?.variables).toEqual({ input: { code: '123456' } });
    await waitFor(() => { expect(search()).toBe(''); });
  });
});
