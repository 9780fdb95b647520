// The sign-in pages: validation as typed, the request sent, the login failure toast, the
// session cookie and the redirect after success, the shop e-mail form, Arabic.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountInfo, gateway, graphqlError, pending, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { readCookie } from '../../lib/cookies';
import { setSocialTokenSource } from './socialTokens';

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('private sign-in (/account/signin)', () => {
  it('checks the phone and the password as they are typed', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/account/signin');

    const phone = await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '06123');
    expect(phone).toHaveAccessibleDescription('Numéro de téléphone invalide');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    type('Numéro de téléphone', '06 12 34 56 78');
    expect(phone).not.toHaveAttribute('aria-invalid');

    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Ce champ est obligatoire');
  });

  it('shows a loader while signing in', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginByIdentifier: () => pending() }));
    renderApp('/account/signin');

    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '0612345678');
    type('Mot de passe', 'souk-demo-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('status', { name: 'Connexion en cours…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  });

  it('shows the login failure toast with the translated server error', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        loginByIdentifier: () => graphqlError('INCORRECT_CREDENTIALS', 'login.error.incorrectCredentials', 'wording'),
      }),
    );
    renderApp('/fr/account/signin');

    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '0612345678');
    type('Mot de passe', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('E-mail ou mot de passe incorrect');
    expect(readCookie('souk_token')).toBeUndefined();
  });

  it('signs in with the national phone form, keeps the token and goes to the account page', async () => {
    const calls: GatewayCall[] = [];
    const tokens = tokenPair({ name: 'Yassine El Amrani' });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ loginByIdentifier: () => tokens, getMyAccountInfo: () => accountInfo() }, calls),
    );
    const { pathname } = renderApp('/fr/account/signin');

    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '+212 6 12 34 56 78');
    type('Mot de passe', 'souk-demo-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/account');
    expect(calls.find((call) => call.operationName === 'loginByIdentifier')?.variables).toEqual({
      identifier: '0612345678',
      password: 'souk-demo-2026',
    });
    expect(readCookie('souk_token')).toBe(tokens.accessToken);
    const accountCall = await waitFor(() => {
      const call = calls.find((c) => c.operationName === 'getMyAccountInfo');
      if (!call) throw new Error('getMyAccountInfo not called yet');
      return call;
    });
    expect(accountCall.headers.get('Authorization')).toBe(`Bearer ${tokens.accessToken}`);
    expect(await screen.findByText('Yassine El Amrani')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/fr/account');
  });

  it('offers a sign-in code once told to wait, and signs in with it (fr and ar)', async () => {
    for (const [lang, wait, offer, codeLabel] of [
      ['fr', 'Trop d’essais', 'Recevoir un code de connexion par SMS', /Code/],
      ['ar', 'محاولات كثيرة', 'تلقي رمز الدخول عبر رسالة نصية', /رمز/],
    ] as const) {
      const calls: GatewayCall[] = [];
      const tokens = tokenPair({ name: 'Yassine El Amrani' });
      jest.spyOn(globalThis, 'fetch').mockImplementation(
        gateway(
          {
            loginByIdentifier: () => graphqlError('TOO_MANY_ATTEMPTS', 'login.error.tooManyAttempts', 'wait'),
            requestSignInCode: () => ({ phone: '0612345678' }),
            loginWithCode: () => tokens,
            getMyAccountInfo: () => accountInfo(),
          },
          calls,
        ),
      );
      const { pathname, unmount } = renderApp(`/${lang}/account/signin`);
      const phone = await screen.findByRole('textbox', { name: lang === 'fr' ? 'Numéro de téléphone' : /الهاتف/ });
      fireEvent.change(phone, { target: { value: '0612345678' } });
      fireEvent.change(screen.getByLabelText(lang === 'fr' ? 'Mot de passe' : /كلمة المرور/), { target: { value: 'x' } });
      fireEvent.click(screen.getByRole('button', { name: lang === 'fr' ? 'Se connecter' : /تسجيل الدخول/ }));

      await waitFor(() => {
        expect(screen.getAllByRole('status').some((node) => node.textContent.includes(wait))).toBe(true);
      });
      fireEvent.click(screen.getByRole('button', { name: offer }));
      const code = await screen.findByLabelText(codeLabel);
      fireEvent.change(code, { target: { value: '123456' } });
      const codeForm = code.closest('form');
      if (!codeForm) throw new Error('the code field has no form');
      fireEvent.submit(codeForm);

      await waitFor(() => {
        expect(pathname()).toBe(`/${lang}/account`);
      });
      expect(calls.find((c) => c.operationName === 'requestSignInCode')?.variables).toEqual({ input: { phone: '0612345678' } });
      expect(calls.find((c) => c.operationName === 'loginWithCode')?.variables).toEqual({ phone: '0612345678', code: '123456' });
      expect(readCookie('souk_token')).toBe(tokens.accessToken);
      unmount();
      document.cookie = 'souk_token=; Path=/; Max-Age=0';
      jest.restoreAllMocks();
    }
  });

  it('goes back to the path in ?next= after sign-in', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginByIdentifier: () => tokenPair() }));
    const { pathname } = renderApp(`/fr/account/signin?next=${encodeURIComponent('/fr/home')}`);

    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '0612345678');
    type('Mot de passe', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => {
      expect(pathname()).toBe('/fr/home');
    });
  });

  it('exchanges a provider token with loginWithGoogle, and says when no provider is configured', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ loginWithGoogle: () => tokenPair(), getMyAccountInfo: () => accountInfo() }, calls),
    );
    renderApp('/fr/account/signin');

    fireEvent.click(await screen.findByRole('button', { name: 'Continuer avec Facebook' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Cette connexion n’est pas disponible pour le moment');

    setSocialTokenSource('google', () => Promise.resolve('google-id-token'));
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Continuer avec Google' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
      expect(calls.find((call) => call.operationName === 'loginWithGoogle')?.variables).toEqual({ token: 'google-id-token' });
    } finally {
      setSocialTokenSource('google', undefined);
    }
  });

  it('is in Arabic, right to left, under /ar', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/ar/account/signin');

    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    // A phone number is typed left to right (an Arabic field reverses "06 12 34 56 78").
    expect(screen.getByLabelText('رقم الهاتف')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('كلمة المرور')).not.toHaveAttribute('dir');
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/ar/account/signup');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('shop sign-in (/account/shop/signin)', () => {
  it('signs a shop in by e-mail and titles the account page "my shop"', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          loginByIdentifier: () => tokenPair({ roles: ['ROLE_STORE_OWNER'], storeId: 5, name: 'Auto Maroc' }),
          getMyAccountInfo: () => accountInfo({ name: 'Auto Maroc', type: 'shop', email: 'contact@auto.ma' }),
        },
        calls,
      ),
    );
    renderApp('/account/shop/signin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion boutique' })).toBeInTheDocument();
    type('Adresse e-mail', 'pas-un-email');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription('Adresse e-mail invalide');
    type('Adresse e-mail', ' contact@auto.ma ');
    type('Mot de passe', 'souk-demo-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ma boutique' })).toBeInTheDocument();
    expect(calls.find((call) => call.operationName === 'loginByIdentifier')?.variables).toMatchObject({
      identifier: 'contact@auto.ma',
    });
  });
});
