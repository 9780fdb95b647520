// The session keeper: a session with only its refresh token left is renewed at start-up; a
// refused refresh token ends it.

import { screen, waitFor } from '@testing-library/react';
import { gateway, graphqlError, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { readCookie, writeCookie } from '../../lib/cookies';
import { REFRESH_COOKIE } from './session';

describe('session keeper', () => {
  it('renews the access token from the refresh token', async () => {
    writeCookie(REFRESH_COOKIE, 'refresh-old', { maxAge: 600 });
    const renewed = tokenPair({ name: 'Amina' });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ refreshAccessToken: () => renewed }, calls));

    renderApp('/fr');

    expect(await screen.findByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/fr/account');
    expect(readCookie('souk_token')).toBe(renewed.accessToken);
    expect(readCookie(REFRESH_COOKIE)).toBe('refresh-token-1');
    expect(calls.find((call) => call.operationName === 'refreshAccessToken')?.variables).toEqual({
      refreshToken: 'refresh-old',
    });
  });

  it('ends the session when the server refuses the refresh token', async () => {
    writeCookie(REFRESH_COOKIE, 'refresh-spent', { maxAge: 600 });
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ refreshAccessToken: () => graphqlError('SESSION_EXPIRED', 'common.error.sessionExpired', 'x') }),
    );

    renderApp('/fr');

    await waitFor(() => {
      expect(readCookie(REFRESH_COOKIE)).toBeUndefined();
    });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
