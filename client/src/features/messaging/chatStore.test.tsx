// Chat through the store (api/chat.ts): the header's badge, the conversation list and the open
// conversation read one cache that the socket's events patch — the badge asks nothing again on
// an event (requests counted), one event shows in the thread, the list and the badge alike; a
// conversation older than the list opens by its URL (chat:conversation) and joins the list when
// a message comes; a read refused because the session ended is asked again once the socket is
// back, without signing the person out.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chatApi } from '../../api/chat';
import { accessTokenFor, gateway } from '../../../test/fixtures';
import { chatError, conversation, installFakeSocket, type FakeChatSocket } from '../../../test/fakeChatSocket';
import { renderApp } from '../../../test/renderApp';
import { setSessionSocketFactory } from '../../realtime/socket';

const ME = 1;
const SELLER = 3;

function message(id: string, conversationId: string, senderId: number, text: string) {
  return { id, conversationId, senderId, text, attachment: null, sentAt: 1763795100000, clientMessageId: null };
}

/** The events of one socket asked (emitted) so far, by name. */
function asked(socket: FakeChatSocket, event: string): number {
  return socket.sent.filter((s) => s.event === event).length;
}

let fetchMock: jest.SpyInstance;

beforeEach(() => {
  document.cookie = `souk_token=${accessTokenFor({ accountId: ME })}; Path=/`;
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
});

afterEach(() => {
  setSessionSocketFactory(undefined);
});

describe('chat in the store', () => {
  it('keeps the badge up to date from the events without asking anything again', async () => {
    const socket = installFakeSocket()
      .answer('chat:list', () => ({
        ok: true,
        conversations: [
          conversation({ unread: 2 }),
          conversation({ id: 'c2', adTitle: 'Appartement Agdal', unread: 1, other: { accountId: 9, name: 'Salma', online: false, lastSeen: null } }),
        ],
        unreadTotal: 3,
      }));
    renderApp('/messages');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByLabelText('3 messages non lus')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Conversations' });
    const requests = socket.sent.length;
    const fetches = fetchMock.mock.calls.length;

    socket.push('chat:message', message('m9', 'c1', SELLER, 'Encore là ?'));
    expect(within(header).getByLabelText('4 messages non lus')).toBeInTheDocument();
    socket.push('chat:typing', { conversationId: 'c1', accountId: SELLER, typing: true });
    socket.push('presence', { accountId: 9, online: true, lastSeen: null });
    socket.push('chat:read', { conversationId: 'c2', accountId: ME, messageId: 'm1', unread: 0 });
    expect(within(header).getByLabelText('3 messages non lus')).toBeInTheDocument();
    socket.push('chat:read', { conversationId: 'c1', accountId: SELLER, messageId: 'm9', unread: 0 });
    socket.push('chat:deleted', { conversationId: 'c1' });
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Messages' })).toBeInTheDocument();

    expect(socket.sent.slice(requests)).toEqual([]);
    expect(fetchMock.mock.calls.length).toBe(fetches);
    expect(asked(socket, 'chat:list')).toBe(1);
  });

  it('shows one event in the thread, the list and the badge from the one cache', async () => {
    const socket = installFakeSocket()
      .answer('chat:list', () => ({
        ok: true,
        conversations: [conversation(), conversation({ id: 'c2', adTitle: 'Appartement Agdal', other: { accountId: 9, name: 'Salma', online: false, lastSeen: null } })],
        unreadTotal: 0,
      }))
      .answer('chat:conversation', () => ({ ok: true, conversation: conversation() }))
      .answer('chat:history', () => ({ ok: true, messages: [message('m1', 'c1', ME, 'Bonjour')] }))
      .answer('chat:read', () => ({ ok: true, unread: 0, unreadTotal: 1, readUpto: 'm3' }));
    const { store } = renderApp('/messages/chat?conversation=c1');
    const thread = await screen.findByRole('list', { name: 'Messages de la conversation' });
    const header = screen.getByRole('banner');

    socket.push('chat:message', message('m3', 'c1', SELLER, 'Prix final 85 000 DH'));
    socket.push('chat:message', message('m4', 'c2', 9, 'Toujours dispo ?'));
    expect(within(thread).getByText('Prix final 85 000 DH')).toBeInTheDocument();
    expect(within(thread).queryByText('Toujours dispo ?')).not.toBeInTheDocument();
    // The open conversation is told read (its ack gives the total); the other one counts.
    await waitFor(() => {
      expect(socket.sent.filter((s) => s.event === 'chat:read').map((s) => s.payload)).toEqual([
        { conversationId: 'c1', messageId: 'm1' },
        { conversationId: 'c1', messageId: 'm3' },
      ]);
    });
    expect(await within(header).findByLabelText('1 message non lu')).toBeInTheDocument();
    const entry = chatApi.endpoints.getConversations.select(undefined)(store.getState()).data;
    const list = entry?.status === 'ready' ? entry.value : undefined;
    expect(list?.conversations.map((c) => [c.id, c.lastMessagePreview, c.unread])).toEqual([
      ['c2', 'Toujours dispo ?', 1],
      ['c1', 'Prix final 85 000 DH', 0],
    ]);

    // The list page shows the same entry: nothing is asked again.
    fireEvent.click(within(header).getByRole('link', { name: /^Messages/ }));
    const rows = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Toujours dispo ?1 non lu'),
      // The digit groups held together by a no-break space (ui/UserText.tsx keepDigitGroups).
      expect.stringContaining('Prix final 85\u00a0000 DH'),
    ]);
    expect(asked(socket, 'chat:list')).toBe(1);
  });

  it('catches up from storage when the server says events may have been missed (realtime:catchup)', async () => {
    const socket = installFakeSocket()
      .answer('chat:list', () => ({ ok: true, conversations: [conversation()], unreadTotal: 0 }))
      .answer('chat:conversation', () => ({ ok: true, conversation: conversation() }))
      .answer('chat:history', () => ({ ok: true, messages: [message('m1', 'c1', ME, 'Bonjour')] }))
      .answer('chat:read', () => ({ ok: true, unread: 0, unreadTotal: 0, readUpto: 'm2' }))
      .answer('chat:sync', () => ({ ok: true, messages: [message('m2', 'c1', SELLER, 'Il est toujours à vendre')] }));
    renderApp('/messages/chat?conversation=c1');
    const thread = await screen.findByRole('list', { name: 'Messages de la conversation' });
    expect(asked(socket, 'chat:sync')).toBe(0);

    act(() => {
      socket.push('realtime:catchup', {});
    });

    expect(await within(thread).findByText('Il est toujours à vendre')).toBeInTheDocument();
    expect(socket.sent.filter((s) => s.event === 'chat:sync').map((s) => s.payload)).toEqual([{ since: 'm1' }]);
  });

  it('opens by its URL a conversation older than the list, which joins the list when a message comes', async () => {
    const old = conversation({
      id: 'c-old',
      adTitle: 'Renault Kangoo 2009',
      lastMessageId: 'm0',
      lastMessagePreview: 'Merci, bonne journée',
      other: { accountId: 12, name: 'Karim', online: false, lastSeen: null },
    });
    const socket = installFakeSocket()
      .answer('chat:list', () => ({ ok: true, conversations: [conversation()], unreadTotal: 0 }))
      .answer('chat:conversation', (payload) =>
        (payload as { conversationId: string }).conversationId === 'c-old'
          ? { ok: true, conversation: old }
          : chatError('CONVERSATION_NOT_FOUND', 'chat.error.conversationNotFound', 'x'),
      )
      .answer('chat:history', () => ({ ok: true, messages: [message('m0', 'c-old', 12, 'Merci, bonne journée')] }))
      .answer('chat:read', () => ({ ok: true, unread: 0, unreadTotal: 0, readUpto: 'm0' }));
    renderApp('/ar/messages/chat?conversation=c-old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Renault Kangoo 2009' })).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'رسائل المحادثة' });
    expect(within(thread).getByText('Merci, bonne journée')).toBeInTheDocument();
    expect(socket.sent.find((s) => s.event === 'chat:conversation')?.payload).toEqual({ conversationId: 'c-old' });
    expect(screen.getByLabelText('رسالتك')).toBeInTheDocument();

    socket.push('chat:message', message('m5', 'c-old', 12, 'Elle est encore à vendre ?'));
    expect(within(thread).getByText('Elle est encore à vendre ?')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getByRole('link', { name: /^الرسائل/ }));
    const rows = within(await screen.findByRole('list', { name: 'المحادثات' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Renault Kangoo 2009');
    expect(rows[0]).toHaveTextContent('Elle est encore à vendre ?');
    expect(asked(socket, 'chat:conversation')).toBe(1);
    expect(asked(socket, 'chat:list')).toBe(1);
  });

  it('asks again, once the socket is back, a list refused because the session ended', async () => {
    let refusals = 1;
    const socket = installFakeSocket().answer('chat:list', () =>
      refusals-- > 0
        ? chatError('SESSION_EXPIRED', 'common.error.sessionExpired', 'Votre session a expiré')
        : { ok: true, conversations: [conversation({ unread: 2 })], unreadTotal: 2 },
    );
    renderApp('/messages');
    await waitFor(() => {
      expect(asked(socket, 'chat:list')).toBe(1);
    });
    expect(screen.getByRole('status', { name: 'Chargement de vos conversations…' })).toBeInTheDocument();
    act(() => {
      socket.connected = false;
    });
    socket.connect();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('2 non lus')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
