// The session keeper: a session with only its refresh token left is renewed at start-up; a
// refused refresh token ends it; an access token the server refuses is renewed at once, or
// the person signed out when no refresh token is left.

import { screen, waitFor } from '@testing-library/react';
import { accountInfo, gateway, graphqlError, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { readCookie, writeCookie } from '../../lib/cookies';
import { SESSION_FLAG_COOKIE, storeTokens } from './session';

describe('session keeper', () => {
  it('renews the access token from the refresh cookie, in the cookie mode', async () => {
    writeCookie(SESSION_FLAG_COOKIE, '1', { maxAge: 600 });
    const renewed = tokenPair({ name: 'Amina' });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ refreshAccessToken: () => renewed }, calls));

    renderApp('/fr');

    expect(await screen.findByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/fr/account');
    expect(readCookie('souk_token')).toBe(renewed.accessToken);
    expect(readCookie(SESSION_FLAG_COOKIE)).toBe('1');
    const renewal = calls.find((call) => call.operationName === 'refreshAccessToken');
    expect(renewal?.variables ?? {}).toEqual({});
    expect(renewal?.headers.get('X-Souk-Session')).toBe('cookie');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    writeCookie(SESSION_FLAG_COOKIE, '1', { maxAge: 600 });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ refreshAccessToken: () => graphqlError('SESSION_EXPIRED', 'common.error.sessionExpired', 'x') }),
    );

    renderApp('/fr');

    await waitFor(() => {
      expect(readCookie(SESSION_FLAG_COOKIE)).toBeUndefined();
    });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });
});

describe('an access token the server refuses', () => {
  it('is renewed at once when a refresh token is left, and the screen refetches', async () => {
    storeTokens(tokenPair({ name: 'Amina' }));
    const renewed = tokenPair({ name: 'Amina', accountId: 43 });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          getMyAccountInfo: ({ headers }) =>
            headers.get('Authorization') === `Bearer ${renewed.accessToken}`
              ? accountInfo({ name: 'Amina' })
              : graphqlError('SESSION_EXPIRED', 'common.error.sessionExpired', 'x'),
          refreshAccessToken: () => renewed,
        },
        calls,
      ),
    );

    renderApp('/fr/account');

    expect(await screen.findByText('Amina')).toBeInTheDocument();
    expect(calls.filter((call) => call.operationName === 'refreshAccessToken')).toHaveLength(1);
    expect(readCookie('souk_token')).toBe(renewed.accessToken);
  });

  it('signs the person out when no refresh token is left', async () => {
    writeCookie('souk_token', tokenPair().accessToken, { maxAge: 600 });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ getMyAccountInfo: () => graphqlError('INVALID_TOKEN', 'common.error.invalidToken', 'x') }),
    );

    const { pathname } = renderApp('/fr/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(pathname()).toBe('/fr/account/signin');
    expect(readCookie('souk_token')).toBeUndefined();
  });
});
