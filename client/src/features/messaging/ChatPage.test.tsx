// One conversation: loader, history, a live message, sending (pending then sent, then read by
// the other party), a refused send with the §8 wording and a retry, the typing events sent
// (start, stop, idle), blocked (input hidden, notice), block and unblock, delete after
// confirmation and its refusal, a PDF shown as a link, a conversation that is not there, and
// the server's chat:error reports shown as toasts in the §8 wording, and messages the server
// did not take because the session ended (refused SESSION_EXPIRED, or unanswered when the
// server ended the socket), which wait and leave again once the socket is back with a new token.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, gateway, tokenPair } from '../../../test/fixtures';
import { chatError, conversation, installFakeSocket, type FakeChatSocket } from '../../../test/fakeChatSocket';
import { renderApp } from '../../../test/renderApp';
import { setSessionSocketFactory } from '../../realtime/socket';
import { storeTokens } from '../auth/session';
import { TYPING_IDLE_MS } from './ChatPage';

const ME = 1;
const SELLER = 3;

function signIn() {
  document.cookie = `souk_token=${accessTokenFor({ accountId: ME })}; Path=/`;
}

function message(id: string, senderId: number, text: string, clientMessageId: string | null = null) {
  return { id, conversationId: 'c1', senderId, text, attachment: null, sentAt: 1763795000000, clientMessageId };
}

/** The conversation as the server has it: listed, and answered alone (chat:conversation) to its id only. */
function chat(overrides: Record<string, unknown> = {}): FakeChatSocket {
  const held = conversation({ otherReadUpto: null, ...overrides });
  return installFakeSocket()
    .answer('chat:list', () => ({ ok: true, conversations: [held], unreadTotal: 0 }))
    .answer('chat:conversation', (payload) =>
      (payload as { conversationId: string }).conversationId === held.id
        ? { ok: true, conversation: held }
        : chatError('CONVERSATION_NOT_FOUND', 'chat.error.conversationNotFound', "Cette conversation n'existe pas"),
    )
    .answer('chat:history', () => ({ ok: true, messages: [message('m2', SELLER, 'Oui, toujours disponible'), message('m1', ME, 'Bonjour, la Logan est dispo ?')] }))
    .answer('chat:read', () => ({ ok: true, unread: 0, unreadTotal: 0, readUpto: 'm2' }))
    .answer('chat:typing', () => ({ ok: true }));
}

beforeEach(() => {
  signIn();
  jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
});

afterEach(() => {
  setSessionSocketFactory(undefined);
});

describe('chat', () => {
  it('shows a loader, then the history in order, and marks it read', async () => {
    const socket = installFakeSocket();
    const { unmount } = renderApp('/messages/chat?conversation=c1');
    expect(await screen.findByRole('status', { name: 'Chargement de la conversation…' })).toBeInTheDocument();
    expect(socket.sent.map((s) => s.event)).toEqual(expect.arrayContaining(['chat:conversation', 'chat:history']));
    unmount();

    const live = chat();
    renderApp('/messages/chat?conversation=c1');
    const list = await screen.findByRole('list', { name: 'Messages de la conversation' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Bonjour, la Logan est dispo ?Envoyé', 'Oui, toujours disponible']);
    expect(live.sent.find((s) => s.event === 'chat:read')?.payload).toEqual({ conversationId: 'c1', messageId: 'm2' });
  });

  it('shows a message of the other party as it arrives, the typing indicator, and the read tick', async () => {
    const socket = chat();
    renderApp('/messages/chat?conversation=c1');
    const list = await screen.findByRole('list', { name: 'Messages de la conversation' });
    socket.push('chat:typing', { conversationId: 'c1', accountId: SELLER, typing: true });
    // The name is isolated from the sentence around it (<bdi>): the indicator is found by its sentence.
    expect(screen.getByText(/écrit…$/)).toHaveTextContent('Auto Atlas écrit…');
    expect(within(screen.getByText(/écrit…$/)).getByText('Auto Atlas').tagName).toBe('BDI');
    socket.push('chat:message', message('m3', SELLER, 'Prix final 85 000 DH'));
    expect(within(list).getByText('Prix final 85 000 DH')).toBeInTheDocument();
    expect(screen.queryByText(/écrit…$/)).not.toBeInTheDocument();
    socket.push('chat:read', { conversationId: 'c1', accountId: SELLER, messageId: 'm1', unread: 0 });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Lu');
  });

  it('sends with a client message id; a refusal shows the §8 wording and can be sent again', async () => {
    let refusals = 1;
    const socket = chat().answer('chat:send', (payload) => {
      if (refusals-- > 0) return chatError('INTERNAL', 'common.error.generic', 'Erreur');
      const p = payload as { clientMessageId: string; text: string };
      return { ok: true, message: message('m5', ME, p.text, p.clientMessageId) };
    });
    renderApp('/messages/chat?conversation=c1');
    fireEvent.change(await screen.findByLabelText('Votre message'), { target: { value: 'Je passe demain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    const first = socket.sent.filter((s) => s.event === 'chat:send');
    fireEvent.click(within(alert).getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
    const sends = socket.sent.filter((s) => s.event === 'chat:send');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.payload).toEqual(first[0]?.payload);
    await waitFor(() => {
      expect(screen.getByText('Je passe demain').closest('li')).toHaveTextContent('Envoyé');
    });
  });

  it('translates a blocked refusal', async () => {
    chat().answer('chat:send', () => chatError('CONVERSATION_BLOCKED', 'chat.error.blocked', 'x'));
    renderApp('/messages/chat?conversation=c1');
    fireEvent.change(await screen.findByLabelText('Votre message'), { target: { value: 'Allô ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Cette conversation est bloquée : votre message n'a pas été envoyé");
  });

  it('hides the input when blocked, live and by me, and brings it back on unblock', async () => {
    const socket = chat().answer('chat:unblock', () => ({ ok: true, conversationId: 'c1', blocked: false, blockedByMe: false }));
    renderApp('/messages/chat?conversation=c1');
    await screen.findByLabelText('Votre message');
    socket.push('chat:blocked', { conversationId: 'c1', blocked: true, blockedBy: [SELLER] });
    expect(screen.queryByLabelText('Votre message')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Cette conversation est bloquée : vous ne pouvez plus écrire.');
    socket.push('chat:blocked', { conversationId: 'c1', blocked: true, blockedBy: [ME] });
    fireEvent.click(screen.getByRole('button', { name: 'Débloquer' }));
    expect(await screen.findByLabelText('Votre message')).toBeInTheDocument();
    expect(socket.sent.find((s) => s.event === 'chat:unblock')?.payload).toEqual({ conversationId: 'c1' });
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const socket = chat().answer('chat:delete', () => ({ ok: true }));
    const { pathname } = renderApp('/messages/chat?conversation=c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer la conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer la conversation ?' });
    expect(socket.sent.some((s) => s.event === 'chat:delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => {
      expect(pathname()).toBe('/fr/messages');
    });
  });

  it('blocks the conversation with "Bloquer": the input goes, the notice and "Débloquer" come', async () => {
    const socket = chat().answer('chat:block', () => ({ ok: true, conversationId: 'c1', blocked: true, blockedByMe: true }));
    renderApp('/messages/chat?conversation=c1');
    await screen.findByLabelText('Votre message');
    expect(screen.queryByRole('button', { name: 'Débloquer' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bloquer' }));
    expect(await screen.findByRole('note')).toHaveTextContent('Vous avez bloqué cette conversation. Débloquez-la pour écrire.');
    expect(screen.queryByLabelText('Votre message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Débloquer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bloquer' })).not.toBeInTheDocument();
    expect(socket.sent.filter((s) => s.event === 'chat:block').map((s) => s.payload)).toEqual([{ conversationId: 'c1' }]);
  });

  it('keeps the input and shows the §8 wording when blocking is refused', async () => {
    chat().answer('chat:block', () => chatError('CONVERSATION_NOT_FOUND', 'chat.error.conversationNotFound', 'x'));
    renderApp('/ar/messages/chat?conversation=c1');
    await screen.findByLabelText('رسالتك');
    fireEvent.click(screen.getByRole('button', { name: 'حظر' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('المحادثة غير موجودة');
    expect(screen.getByLabelText('رسالتك')).toBeInTheDocument();
  });

  it('tells the other party when I start and stop typing, not at every keystroke', async () => {
    const socket = chat().answer('chat:send', (payload) => {
      const p = payload as { clientMessageId: string; text: string };
      return { ok: true, message: message('m7', ME, p.text, p.clientMessageId) };
    });
    renderApp('/messages/chat?conversation=c1');
    const input = await screen.findByLabelText('Votre message');
    const typing = () => socket.sent.filter((s) => s.event === 'chat:typing').map((s) => s.payload);
    fireEvent.change(input, { target: { value: 'B' } });
    fireEvent.change(input, { target: { value: 'Bo' } });
    fireEvent.change(input, { target: { value: 'Bon' } });
    expect(typing()).toEqual([{ conversationId: 'c1', typing: true }]);
    fireEvent.change(input, { target: { value: '' } });
    expect(typing()).toEqual([
      { conversationId: 'c1', typing: true },
      { conversationId: 'c1', typing: false },
    ]);
    fireEvent.change(input, { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(typing().map((p) => (p as { typing: boolean }).typing)).toEqual([true, false, true, false]);
    await within(screen.getByRole('list', { name: 'Messages de la conversation' })).findByText('Bonjour');
  });

  it('says that typing stopped after a pause without keystrokes', async () => {
    const socket = chat();
    renderApp('/messages/chat?conversation=c1');
    const input = await screen.findByLabelText('Votre message');
    const typing = () => socket.sent.filter((s) => s.event === 'chat:typing').map((s) => (s.payload as { typing: boolean }).typing);
    jest.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: 'Je' } });
      act(() => { jest.advanceTimersByTime(TYPING_IDLE_MS - 100); });
      fireEvent.change(input, { target: { value: 'Je pass' } });
      act(() => { jest.advanceTimersByTime(TYPING_IDLE_MS - 100); });
      expect(typing()).toEqual([true]);
      act(() => { jest.advanceTimersByTime(200); });
      expect(typing()).toEqual([true, false]);
      fireEvent.change(input, { target: { value: 'Je passe' } });
      expect(typing()).toEqual([true, false, true]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a PDF attachment as a link to the file', async () => {
    chat().answer('chat:history', () => ({
      ok: true,
      messages: [
        {
          ...message('m4', SELLER, ''),
          text: null,
          attachment: { name: 'carte-grise.pdf', contentType: 'application/pdf', size: 48_000, url: '/media/chat/c1/carte-grise.pdf' },
        },
      ],
    }));
    renderApp('/messages/chat?conversation=c1');
    const list = await screen.findByRole('list', { name: 'Messages de la conversation' });
    const link = within(list).getByRole('link', { name: 'carte-grise.pdf' });
    expect(link).toHaveAttribute('href', '/media/chat/c1/carte-grise.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(list).queryByRole('img')).not.toBeInTheDocument();
  });

  it('stays on the conversation and shows the §8 wording when deletion is refused', async () => {
    const socket = chat().answer('chat:delete', () => chatError('CONVERSATION_NOT_FOUND', 'chat.error.conversationNotFound', 'x'));
    const { pathname } = renderApp('/messages/chat?conversation=c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer la conversation' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Supprimer la conversation ?' })).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Cette conversation n'existe pas");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pathname()).toBe('/messages/chat');
    expect(screen.getByRole('list', { name: 'Messages de la conversation' })).toBeInTheDocument();
    expect(socket.sent.filter((s) => s.event === 'chat:delete')).toHaveLength(1);
  });

  it('says when the conversation is not there', async () => {
    chat({ id: 'other' });
    renderApp('/messages/chat?conversation=c1');
    expect(await screen.findByText("Cette conversation n'existe pas ou a été supprimée.")).toBeInTheDocument();
  });
  it('sends a photo as a binary attachment, and refuses a file of another type before sending', async () => {
    const socket = chat().answer('chat:send', (payload) => {
      const p = payload as { clientMessageId: string };
      return {
        ok: true,
        message: {
          ...message('m6', ME, '', p.clientMessageId),
          text: null,
          attachment: { name: 'logan.png', contentType: 'image/png', size: 4, url: '/media/chat/c1/logan.png' },
        },
      };
    });
    renderApp('/messages/chat?conversation=c1');
    const input = await screen.findByLabelText('Joindre une photo ou un PDF');
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Seules les images et les PDF peuvent être joints');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(socket.sent.some((s) => s.event === 'chat:send')).toBe(false);

    fireEvent.change(screen.getByLabelText('Joindre une photo ou un PDF'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logan.png', { type: 'image/png' })] },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('logan.png')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const list = screen.getByRole('list', { name: 'Messages de la conversation' });
    expect(await within(list).findByRole('img', { name: 'logan.png' })).toHaveAttribute('src', '/media/chat/c1/logan.png');
    const sent = socket.sent.find((s) => s.event === 'chat:send')?.payload as { attachment: { name: string; data: ArrayBuffer } };
    expect(sent.attachment.name).toBe('logan.png');
    expect(Array.from(new Uint8Array(sent.attachment.data))).toEqual([137, 80, 78, 71]);
  });

  it('shows when the other person was last seen, and that they are online as it happens', async () => {
    const socket = chat();
    renderApp('/messages/chat?conversation=c1');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/^vu le /)).toBeInTheDocument();
    socket.push('presence', { accountId: SELLER, online: true, lastSeen: null });
    expect(screen.getByText('En ligne')).toBeInTheDocument();
    socket.push('presence', { accountId: 99, online: false, lastSeen: 1763794000000 });
    expect(screen.getByText('En ligne')).toBeInTheDocument();
  });
});

describe('chat:error', () => {
  it("shows the server's report of a failed event as a toast in the §8 wording, anywhere", async () => {
    const socket = chat();
    renderApp('/messages/chat?conversation=c1');
    await screen.findByRole('list', { name: 'Messages de la conversation' });
    socket.push('chat:error', { event: 'chat:typing', error: { code: 'CONVERSATION_BLOCKED', messageKey: 'chat.error.blocked', message: 'blocked' } });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByRole('alert')).toHaveTextContent("Cette conversation est bloquée : votre message n'a pas été envoyé");
    // The same failure again replaces its toast.
    socket.push('chat:error', { event: 'chat:typing', error: { code: 'CONVERSATION_BLOCKED', messageKey: 'chat.error.blocked', message: 'blocked' } });
    expect(within(toasts).getAllByRole('alert')).toHaveLength(1);
  });

  it("falls back to the server's wording, then to the generic failure, in Arabic", async () => {
    const socket = chat();
    renderApp('/ar/account/v2/settings/password');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => { expect(socket.handlers.get('chat:error')?.size ?? 0).toBeGreaterThan(0); });
    socket.push('chat:error', { event: 'chat:read', error: { code: 'SOMETHING_NEW', messageKey: 'chat.error.unknownKey', message: 'تعذر تحديث حالة القراءة' } });
    const toasts = screen.getByRole('region', { name: 'الإشعارات' });
    expect(await within(toasts).findByRole('alert')).toHaveTextContent('تعذر تحديث حالة القراءة');
    socket.push('chat:error', { event: 'chat:read' });
    await waitFor(() => { expect(within(toasts).getAllByRole('alert')).toHaveLength(2); });
    expect(within(toasts).getAllByRole('alert')[1]).toHaveTextContent('خطأ، يرجى المحاولة لاحقًا');
  });
});

describe('a message sent as the session ends', () => {
  /** Signed in with a refresh token; the renewal answers `renewed`. */
  function renewable() {
    storeTokens(tokenPair({ accountId: ME }));
    const renewed = { ...tokenPair({ accountId: ME }), accessToken: accessTokenFor({ accountId: ME, exp: Math.floor(Date.now() / 1000) + 1800 }) };
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ refreshAccessToken: () => renewed }));
    return renewed;
  }

  it('refused SESSION_EXPIRED, waits, then leaves again with the new token (fr)', async () => {
    const renewed = renewable();
    let refusals = 1;
    const socket = chat()
      .answer('chat:sync', () => ({ ok: true, messages: [] }))
      .answer('chat:send', (payload) => {
        if (refusals-- > 0) return chatError('SESSION_EXPIRED', 'common.error.sessionExpired', 'Votre session a expiré');
        const p = payload as { clientMessageId: string; text: string };
        return { ok: true, message: message('m7', ME, p.text, p.clientMessageId) };
      });
    renderApp('/fr/messages/chat?conversation=c1');
    fireEvent.change(await screen.findByLabelText('Votre message'), { target: { value: 'Toujours là ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => {
      expect(screen.getByText('Toujours là ?').closest('li')).toHaveTextContent('En attente de reconnexion…');
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    socket.endSession();

    await waitFor(() => {
      expect(screen.getByText('Toujours là ?').closest('li')).toHaveTextContent('Envoyé');
    });
    expect(socket.reconnections.map((a) => a.token)).toEqual([renewed.accessToken]);
    const sends = socket.sent.filter((s) => s.event === 'chat:send');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.payload).toEqual(sends[0]?.payload);
  });

  it('unanswered when the server ends the socket, waits, then leaves again (ar)', async () => {
    renewable();
    const socket = chat().answer('chat:sync', () => ({ ok: true, messages: [] }));
    renderApp('/ar/messages/chat?conversation=c1');
    fireEvent.change(await screen.findByLabelText('رسالتك'), { target: { value: 'هل ما زالت متوفرة؟' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    await waitFor(() => {
      expect(screen.getByText('هل ما زالت متوفرة؟').closest('li')).toHaveTextContent('جارٍ الإرسال…');
    });
    // The server ends the session before answering; once the socket is back it takes the message.
    socket.answer('chat:send', (payload) => {
      const p = payload as { clientMessageId: string; text: string };
      return { ok: true, message: message('m8', ME, p.text, p.clientMessageId) };
    });
    socket.push('session:expired', { code: 'SESSION_EXPIRED', messageKey: 'common.error.sessionExpired', message: 'x' });
    expect(screen.getByText('هل ما زالت متوفرة؟').closest('li')).toHaveTextContent('في انتظار إعادة الاتصال…');
    socket.connected = false;
    socket.push('disconnect', 'io server disconnect');

    await waitFor(() => {
      expect(screen.getByText('هل ما زالت متوفرة؟').closest('li')).toHaveTextContent('أُرسلت');
    });
    const sends = socket.sent.filter((s) => s.event === 'chat:send');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.payload).toEqual(sends[0]?.payload);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
