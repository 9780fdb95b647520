// The conversation list: visitors go to sign in; loader; error with retry (the §8 wording of
// the ack); empty; the list with unread badges and presence, kept live by the socket's events
// and asked again when the socket connects again.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, gateway } from '../../../test/fixtures';
import { chatError, conversation, installFakeSocket } from '../../../test/fakeChatSocket';
import { renderApp } from '../../../test/renderApp';
import { setSessionSocketFactory } from '../../realtime/socket';

function signIn() {
  document.cookie = `souk_token=${accessTokenFor({ accountId: 1 })}; Path=/`;
}

beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
});

afterEach(() => {
  setSessionSocketFactory(undefined);
});

describe('conversation list', () => {
  it('sends visitors to sign in and back', async () => {
    const socket = installFakeSocket();
    const { pathname, search } = renderApp('/messages');
    await screen.findByRole('heading', { level: 1 });
    expect(pathname()).toBe('/fr/account/signin');
    expect(search()).toBe(`?next=${encodeURIComponent('/messages')}`);
    expect(socket.sent).toEqual([]);
  });

  it('shows a loader while the list is asked for, with the token in auth', async () => {
    signIn();
    const socket = installFakeSocket();
    renderApp('/messages');
    expect(await screen.findByRole('status', { name: 'Chargement de vos conversations…' })).toBeInTheDocument();
    expect(socket.sent.find((s) => s.event === 'chat:list' && (s.payload as { limit: number }).limit === 100)).toBeDefined();
    expect(socket.auth?.token).toBe(/souk_token=([^;]+)/.exec(document.cookie)?.[1]);
    expect(socket.auth?.lang).toBe('fr');
  });

  it('shows the error of the ack with a retry, then the empty state', async () => {
    signIn();
    let failures = 1;
    // The page and the header's badge read one list (chat:list, limit 100).
    installFakeSocket().answer('chat:list', (payload) =>
      (payload as { limit: number }).limit === 100 && failures-- > 0
        ? chatError('INTERNAL_ERROR', 'chat.error.unknownKey', 'Le serveur a refusé la liste')
        : { ok: true, conversations: [], unreadTotal: 0 },
    );
    renderApp('/messages');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Le serveur a refusé la liste');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Vous n'avez encore aucune conversation.")).toBeInTheDocument();
  });

  it('lists conversations with unread badges and presence, and updates them live', async () => {
    signIn();
    let total = 2;
    const socket = installFakeSocket().answer('chat:list', () => ({
      ok: true,
      conversations: [
        conversation({ unread: 2, other: { accountId: 3, name: 'Auto Atlas', online: true, lastSeen: null } }),
        conversation({ id: 'c2', adTitle: 'Appartement Agdal', lastMessagePreview: 'Toujours dispo ?', other: { accountId: 9, name: 'Salma', online: false, lastSeen: null } }),
      ],
      unreadTotal: total,
    }));
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(screen.getByRole('banner')).findByLabelText('2 messages non lus')).toBeInTheDocument();
    const [item0, item1] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(item0).getByRole('link', { name: 'Dacia Logan 2019' })).toHaveAttribute('href', '/fr/messages/chat?conversation=c1');
    expect(within(item0).getByText('2 non lus')).toBeInTheDocument();
    expect(within(item0).getByRole('img', { name: 'En ligne' })).toBeInTheDocument();
    expect(within(item1).queryByRole('img', { name: 'En ligne' })).not.toBeInTheDocument();

    total = 3;
    socket.push('chat:message', { id: 'm9', conversationId: 'c2', senderId: 9, text: 'Je baisse à 5 000 DH', attachment: null, sentAt: 1763795100000, clientMessageId: null });
    socket.push('presence', { accountId: 9, online: true, lastSeen: null });
    const [first] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(within(first).getByText('Je baisse à 5 000 DH')).toBeInTheDocument();
    expect(within(first).getByText('1 non lu')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'En ligne' })).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByLabelText('3 messages non lus')).toBeInTheDocument();
    total = 2;

    socket.push('chat:read', { conversationId: 'c2', accountId: 1, messageId: 'm9', unread: 0 });
    expect(within(list).getAllByRole('listitem')[0]).not.toHaveTextContent('non lu');
    expect(await within(screen.getByRole('banner')).findByLabelText('2 messages non lus')).toBeInTheDocument();
  });

  it('speaks Arabic at /ar/messages', async () => {
    signIn();
    const socket = installFakeSocket().answer('chat:list', () => ({ ok: true, conversations: [conversation({ unread: 2 })], unreadTotal: 2 }));
    renderApp('/ar/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرسائل' })).toBeInTheDocument();
    expect(await screen.findByText('رسالتان غير مقروءتين')).toBeInTheDocument();
    expect(socket.auth?.lang).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('shows the unread total in the header and updates it live', async () => {
    signIn();
    let total = 3;
    const socket = installFakeSocket()
      .answer('chat:list', () => ({ ok: true, conversations: [conversation({ unread: total })], unreadTotal: total }));
    renderApp('/messages');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByLabelText('3 messages non lus')).toBeInTheDocument();
    total = 4;
    socket.push('chat:message', { id: 'm9', conversationId: 'c1', senderId: 3, text: 'Encore là ?', attachment: null, sentAt: 1763795100000, clientMessageId: null });
    expect(await within(header).findByLabelText('4 messages non lus')).toBeInTheDocument();
    total = 0;
    socket.push('chat:read', { conversationId: 'c1', accountId: 1, messageId: 'm9', unread: 0 });
    await waitFor(() => {
      expect(within(header).queryByText(/^\d+$/)).not.toBeInTheDocument();
    });
    expect(within(header).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/fr/messages');
  });

  it('asks for the list again when the socket connects again', async () => {
    signIn();
    let round = 0;
    const socket = installFakeSocket().answer('chat:list', (payload) =>
      (payload as { limit: number }).limit === 100 && round++ > 0
        ? { ok: true, conversations: [conversation({ id: 'c2', adTitle: 'Renault Clio 2018' })], unreadTotal: 0 }
        : { ok: true, conversations: [conversation()], unreadTotal: 0 },
    );
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('Dacia Logan 2019')).toBeInTheDocument();

    socket.connected = false;
    socket.connect();

    expect(await within(list).findByText('Renault Clio 2018')).toBeInTheDocument();
    expect(within(list).queryByText('Dacia Logan 2019')).not.toBeInTheDocument();
  });
});
