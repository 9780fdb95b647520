// Sign-up: the city picker's states, spec §5 validation as typed, the registerAccount request,
// server errors, the one-time code screen (empty, wrong, right, resend after the countdown,
// skip) for a private account, and the shop's category, plan and 24-hour call message.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  accountInfo,
  gateway,
  graphqlError,
  internalErrorResponse,
  pending,
  tokenPair,
  type GatewayCall,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { readCookie } from '../../lib/cookies';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function registered(calls: GatewayCall[]) {
  return calls.find((call) => call.operationName === 'registerAccount');
}

async function fillPrivateForm() {
  await screen.findByRole('option', { name: 'Casablanca' });
  type('Nom', 'Fatima Zahra');
  type('Numéro de téléphone', '06 11 22 33 44');
  fireEvent.change(screen.getByLabelText('Ville'), { target: { value: '1' } });
  type('Mot de passe', 'secret1');
  type('Confirmation du mot de passe', 'secret1');
}

const signUpResolvers = {
  registerAccount: () => ({ login: tokenPair({ name: 'Fatima Zahra' }), info: accountInfo({ phone: '0611223344' }) }),
  requestPhoneVerification: () => ({ phone: '0611223344' }),
  getMyAccountInfo: () => accountInfo({ name: 'Fatima Zahra' }),
};

describe('sign-up (/account/signup)', () => {
  it('shows a loader while the cities load, then an error with retry', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ getCitiesFormattedNext: () => pending() }));
    const { unmount } = renderApp('/account/signup');
    expect(await screen.findByRole('status', { name: 'Chargement des villes…' })).toBeInTheDocument();
    unmount();

    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getCitiesFormattedNext: ({ language }) => {
          if (failures-- > 0) return internalErrorResponse();
          return { cities: [{ label: language === 'ar' ? 'الرباط' : 'Rabat', value: '7', type: 'city' }], count: 1 };
        },
      }),
    );
    renderApp('/account/signup');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('option', { name: 'Rabat' })).toBeInTheDocument();
  });

  it('checks every field as it is typed and refuses to send an incomplete form', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}, calls));
    renderApp('/account/signup');
    await screen.findByRole('option', { name: 'Casablanca' });

    type('Mot de passe', 'abc');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      'Au moins 5 caractères Le mot de passe doit contenir au moins 5 caractères',
    );
    type('Confirmation du mot de passe', 'abd');
    expect(screen.getByLabelText('Confirmation du mot de passe')).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Ville')).toHaveAccessibleDescription('Veuillez choisir une ville');
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(registered(calls)).toBeUndefined();
  });

  it('shows the translated server error when the account exists', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        registerAccount: () => graphqlError('ACCOUNT_ALREADY_EXISTS', 'signup.error.accountExists', 'exists'),
      }),
    );
    renderApp('/account/signup');
    await fillPrivateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Un compte existe déjà avec ces coordonnées. Connectez-vous');
    expect(readCookie('souk_token')).toBeUndefined();
  });

  it('creates a private account, then confirms the phone with the one-time code', async () => {
    const calls: GatewayCall[] = [];
    let attempts = 0;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          ...signUpResolvers,
          checkActivationCode: () => {
            attempts += 1;
            return { isValid: attempts > 1 };
          },
        },
        calls,
      ),
    );
    const { pathname } = renderApp('/fr/account/signup');
    await fillPrivateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmez votre numéro' })).toBeInTheDocument();
    expect(registered(calls)?.variables).toEqual({
      input: {
        type: 'private',
        name: 'Fatima Zahra',
        phone: '0611223344',
        cityId: 1,
        password: 'secret1',
        passwordConfirmation: 'secret1',
      },
    });
    expect(readCookie('souk_token')).toBeDefined();
    expect(calls.find((call) => call.operationName === 'requestPhoneVerification')?.variables).toEqual({
      input: { phone: '0611223344' },
    });
    // The number is isolated left to right so that an Arabic sentence keeps its full stop after it.
    expect(screen.getByText('Nous avons envoyé un code par messagerie au \u20660611223344\u2069.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByLabelText('Code à 6 chiffres')).toHaveAccessibleDescription('Veuillez saisir le code');

    type('Code à 6 chiffres', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect');

    type('Code à 6 chiffres', '654 321');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/account');
    expect(calls.filter((call) => call.operationName === 'checkActivationCode').map((call) => call.variables)).toEqual([
      { input: { phone: '0611223344', code: '123456' } },
      { input: { phone: '0611223344', code: '654321' } },
    ]);
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
      'Votre numéro de téléphone est confirmé',
    );
  });

  it('offers a new code only after the countdown, and lets the person skip', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway(signUpResolvers, calls));
    jest.useFakeTimers();
    try {
      const { pathname } = renderApp('/fr/account/signup');
      await fillPrivateForm();
      fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
      await screen.findByRole('heading', { level: 1, name: 'Confirmez votre numéro' });

      expect(screen.getByRole('timer')).toHaveTextContent('Vous pourrez demander un nouveau code dans 60 secondes');
      expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(59_000);
      });
      expect(screen.getByRole('timer')).toHaveTextContent('dans 1 seconde');
      act(() => {
        jest.advanceTimersByTime(1_000);
      });
      fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
      expect(await screen.findByRole('timer')).toHaveTextContent('60 secondes');
      expect(calls.filter((call) => call.operationName === 'requestPhoneVerification')).toHaveLength(2);

      fireEvent.click(screen.getByRole('button', { name: 'Passer cette étape' }));
      await waitFor(() => {
        expect(pathname()).toBe('/fr/account');
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('creates a shop with its category and plan and says an agent calls within 24 hours', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          registerAccount: () => ({
            login: tokenPair({ roles: ['ROLE_STORE_OWNER'], storeId: 9, name: 'Auto Maroc' }),
            info: accountInfo({ type: 'shop' }),
          }),
        },
        calls,
      ),
    );
    renderApp('/fr/account/signup');
    await screen.findByRole('option', { name: 'Casablanca' });

    fireEvent.click(screen.getByRole('radio', { name: 'Boutique' }));
    await screen.findByRole('option', { name: 'Voitures' });
    expect(screen.getByText('Un conseiller vous appellera dans les 24 heures pour activer votre boutique.')).toBeInTheDocument();
    type('Nom de la boutique', 'Auto Maroc 2000');
    type('Adresse e-mail', 'contact@automaroc.ma');
    type('Numéro de téléphone', '0522334455');
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: '1' } });
    const category = screen.getByLabelText('Catégorie de la boutique');
    // Groups and their own categories are offered, under their vertical.
    const vehicles = within(category).getByRole('group', { name: 'Véhicules' });
    expect(within(vehicles).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Voitures',
      'Pièces et accessoires',
      'Pièces auto',
      'Pièces moto',
    ]);
    fireEvent.change(category, { target: { value: '2060' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Premium' }));
    type('Mot de passe', 'secret1');
    type('Confirmation du mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Votre boutique est créée' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Un conseiller vous appellera dans les 24 heures');
    expect(registered(calls)?.variables).toEqual({
      input: {
        type: 'shop',
        name: 'Auto Maroc 2000',
        email: 'contact@automaroc.ma',
        phone: '0522334455',
        cityId: 1,
        shopCategory: 2060,
        plan: 'premium',
        password: 'secret1',
        passwordConfirmation: 'secret1',
      },
    });
    expect(screen.getByRole('link', { name: 'Ma boutique' })).toBeInTheDocument();
  });

  it('is in Arabic with Arabic cities and plural forms', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/ar/account/signup');

    expect(await screen.findByRole('option', { name: 'الدار البيضاء' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور')).toHaveAccessibleDescription('5 أحرف على الأقل');
    // The phone is typed left to right, and the example number is a left-to-right isolate:
    // "06 12 34 56 78", not "78 56 34 12 06", after the Arabic word.
    const phone = screen.getByLabelText('رقم الهاتف');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveAccessibleDescription('مثال: \u206606 12 34 56 78\u2069');
    fireEvent.click(screen.getByRole('radio', { name: 'متجر' }));
    expect(await screen.findByText(/خلال 24 ساعة/)).toBeInTheDocument();
  });
});
