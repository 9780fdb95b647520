// The account page: only for a signed-in person (else sign-in with ?next=), its loading,
// error and success states, and sign-out.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountInfo, gateway, internalErrorResponse, pending, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { readCookie } from '../../lib/cookies';
import { storeTokens } from '../auth/session';

describe('account page (/account)', () => {
  it('sends a visitor to the sign-in page, which brings them back', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const { pathname } = renderApp('/ar/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(pathname()).toBe('/ar/account/signin');
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute(
      'href',
      `/ar/account/signup?next=${encodeURIComponent('/ar/account')}`,
    );
  });

  it('shows a loader, then the error with retry, then the account', async () => {
    storeTokens(tokenPair());
    let answers = 0;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getMyAccountInfo: () => {
          answers += 1;
          if (answers === 1) return pending();
          if (answers === 2) return internalErrorResponse();
          return accountInfo();
        },
      }),
    );
    const { unmount } = renderApp('/fr/account');
    expect(await screen.findByRole('status', { name: 'Chargement de votre compte…' })).toBeInTheDocument();
    unmount();

    renderApp('/fr/account');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Yassine El Amrani')).toBeInTheDocument();
    expect(screen.getByText('0612345678')).toBeInTheDocument();
    expect(screen.getByText('Casablanca')).toBeInTheDocument();
  });

  it('signs out: ends the session on the server, forgets the cookies, goes home', async () => {
    storeTokens(tokenPair());
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getMyAccountInfo: () => accountInfo(), logout: () => true }, calls),
    );
    const { pathname } = renderApp('/fr/account');

    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => {
      expect(readCookie('souk_token')).toBeUndefined();
    });
    expect(pathname()).toBe('/fr');
    // The refresh token is the server's HttpOnly cookie: the logout names none, the server ends
    // the cookie's family (docs/security.md "The refresh cookie").
    const logout = calls.find((call) => call.operationName === 'logout');
    expect(logout?.variables).toEqual({ refreshToken: null });
    expect(logout?.headers.get('X-Souk-Session')).toBe('cookie');
    expect(readCookie('souk_session')).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/fr/account/signin');
  });
});
