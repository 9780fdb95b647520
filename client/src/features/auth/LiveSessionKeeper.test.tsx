// The live socket's session (docs/realtime.md): when the server ends the socket
// (session:expired, then its DISCONNECT), a new access token is asked for at once and the socket
// connects again with it, catching up with chat:sync; without a refresh token, or when the
// renewal is refused, the person is sent to sign in with the page they were on kept as `next`,
// told in the §8 wording of their language.

import { screen, waitFor, within } from '@testing-library/react';
import { publicAd } from '../../../test/adFixtures';
import { accessTokenFor, gateway, graphqlError, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { conversation, installFakeSocket, type FakeChatSocket } from '../../../test/fakeChatSocket';
import { renderApp } from '../../../test/renderApp';
import { readCookie, writeCookie } from '../../lib/cookies';
import { setSessionSocketFactory } from '../../realtime/socket';
import { SESSION_FLAG_COOKIE, storeTokens } from './session';

const ME = 1;
const SELLER = 3;

function message(id: string, senderId: number, text: string) {
  return { id, conversationId: 'c1', senderId, text, attachment: null, sentAt: 1763795000000, clientMessageId: null };
}

function chat(): FakeChatSocket {
  return installFakeSocket()
    .answer('chat:list', () => ({ ok: true, conversations: [conversation({ otherReadUpto: null })], unreadTotal: 0 }))
    // The chat page asks for its conversation alone (docs/realtime.md chat:conversation).
    .answer('chat:conversation', () => ({ ok: true, conversation: conversation({ otherReadUpto: null }) }))
    .answer('chat:history', () => ({ ok: true, messages: [message('m1', SELLER, 'Bonjour')] }))
    .answer('chat:read', () => ({ ok: true, unread: 0, unreadTotal: 0, readUpto: 'm1' }));
}

/** A pair whose access token differs from the first one's (a later expiry). */
function renewedPair() {
  return { ...tokenPair({ accountId: ME }), accessToken: accessTokenFor({ accountId: ME, exp: Math.floor(Date.now() / 1000) + 1800 }) };
}

afterEach(() => {
  setSessionSocketFactory(undefined);
});

describe('a socket whose session the server ended', () => {
  it('connects again with a renewed access token and catches up (fr)', async () => {
    storeTokens(tokenPair({ accountId: ME }));
    const renewed = renewedPair();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ refreshAccessToken: () => renewed }, calls));
    const socket = chat().answer('chat:sync', () => ({ ok: true, messages: [message('m2', SELLER, 'Vous êtes là ?')] }));
    const view = renderApp('/fr/messages/chat?conversation=c1');
    const list = await screen.findByRole('list', { name: 'Messages de la conversation' });

    socket.endSession();

    await waitFor(() => {
      expect(socket.reconnections).toHaveLength(1);
    });
    expect(socket.reconnections[0]).toEqual({ token: renewed.accessToken, lang: 'fr' });
    expect(calls.filter((c) => c.operationName === 'refreshAccessToken')).toHaveLength(1);
    expect(readCookie('souk_token')).toBe(renewed.accessToken);
    expect(await within(list).findByText('Vous êtes là ?')).toBeInTheDocument();
    expect(socket.sent.find((s) => s.event === 'chat:sync')?.payload).toEqual({ since: 'm1' });
    expect(view.pathname()).toBe('/fr/messages/chat');
    expect(socket.disconnected).toBe(false);
  });

  it('sends the person to sign in, back to the page after, when the renewal is refused (ar)', async () => {
    storeTokens(tokenPair({ accountId: ME }));
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({
        getAd: () => publicAd(),
        getRelatedAds: () => [],
        getPremiumAds: () => [],
        refreshAccessToken: () => graphqlError('SESSION_EXPIRED', 'common.error.sessionExpired', 'x'),
      }),
    );
    const socket = installFakeSocket().answer('chat:list', () => ({ ok: true, conversations: [], unreadTotal: 0 }));
    // A public page: only the socket (the header's unread badge) notices the session's end.
    const view = renderApp('/ar/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => {
      expect(socket.sent.some((s) => s.event === 'chat:list')).toBe(true);
    });

    socket.endSession();

    await waitFor(() => {
      expect(view.pathname()).toBe('/ar/account/signin');
    });
    expect(view.search()).toBe(`?next=${encodeURIComponent('/ar/vi/10000001.htm')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('انتهت صلاحية جلستك. يرجى تسجيل الدخول من جديد');
    expect(socket.reconnections).toHaveLength(0);
    expect(socket.disconnected).toBe(true);
    expect(readCookie('souk_token')).toBeUndefined();
    expect(readCookie(SESSION_FLAG_COOKIE)).toBeUndefined();
  });

  it('sends the person to sign in at once when no refresh token is left (fr)', async () => {
    writeCookie('souk_token', accessTokenFor({ accountId: ME, roles: ['ROLE_STORE_OWNER'], storeId: 5 }), { maxAge: 600 });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}, calls));
    const socket = chat();
    const view = renderApp('/fr/messages/chat?conversation=c1');
    await screen.findByRole('list', { name: 'Messages de la conversation' });

    socket.endSession();

    await waitFor(() => {
      expect(view.pathname()).toBe('/fr/account/signin');
    });
    expect(view.search()).toBe(`?next=${encodeURIComponent('/fr/messages/chat?conversation=c1')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre session a expiré. Veuillez vous reconnecter');
    expect(calls.some((c) => c.operationName === 'refreshAccessToken')).toBe(false);
    expect(socket.reconnections).toHaveLength(0);
    // A shop goes on to its own sign-in from there, still coming back to the page after.
    expect(screen.getByRole('link', { name: 'Vous êtes une boutique ? Connexion boutique' })).toHaveAttribute(
      'href',
      `/fr/account/shop/signin?next=${encodeURIComponent('/fr/messages/chat?conversation=c1')}`,
    );
  });
});
