// Contact the seller from the ad view: a visitor's form (e-mail and CV checked before sending,
// the two outcomes of spec §6, a first message waiting for its e-mailed link, a server error
// translated), a signed-in buyer's first message
// (chat:open, then the conversation; a refusal in the §8 wording), an ad that no longer takes
// messages (NOT_FOUND, as for an unknown ad: the §8 wording of a missing ad, in French and
// Arabic, and no more sending), and no contact on one's own ad.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, gateway } from '../../../test/fixtures';
import { publicAd } from '../../../test/adFixtures';
import { chatError, conversation, installFakeSocket } from '../../../test/fakeChatSocket';
import { renderApp } from '../../../test/renderApp';
import { setSessionSocketFactory } from '../../realtime/socket';
import { cvProblem } from './ContactSeller';

const SELLER = 7;
const AD_PATH = '/vi/10000001.htm';

/** The gateway for the ad view, and `form` answering POST /api/ads/{id}/message. */
function server(form: (body: FormData) => Response) {
  const posted: FormData[] = [];
  const graphql = gateway({ getAd: () => publicAd(), getRelatedAds: () => [], getPremiumAds: () => [] });
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/ads/10000001/message')) {
      const body = init?.body as FormData;
      posted.push(body);
      return Promise.resolve(form(body));
    }
    return graphql(input, init);
  });
  return posted;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Contacter le vendeur' }));
  return screen.getByRole('dialog', { name: 'Contacter le vendeur' });
}

function fillVisitorForm(dialog: HTMLElement, email: string, message: string) {
  fireEvent.change(within(dialog).getByLabelText('Votre e-mail'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Votre message'), { target: { value: message } });
}

afterEach(() => {
  setSessionSocketFactory(undefined);
});

describe('contact the seller, as a visitor', () => {
  it('checks the e-mail and the CV before sending anything', async () => {
    const posted = server(() => json(200, { sent: true, inviteToSignUp: true }));
    renderApp(AD_PATH);
    const dialog = await openForm();
    fillVisitorForm(dialog, 'pas-un-email', 'Bonjour');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Saisissez une adresse e-mail valide');

    fillVisitorForm(dialog, 'amal@example.ma', 'Bonjour');
    const exe = new File(['MZ'], 'cv.exe', { type: 'application/octet-stream' });
    fireEvent.change(within(dialog).getByLabelText(/^CV/), { target: { files: [exe] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Le CV doit être au format pdf, jpg, jpeg, rtf ou odt');
    expect(posted).toHaveLength(0);
  });

  it('sends the message with its CV; an unknown e-mail is invited to create an account', async () => {
    const posted = server(() => json(200, { sent: true, inviteToSignUp: true, code: 'EMAIL_MATCHES_NO_ACCOUNT' }));
    renderApp(AD_PATH);
    const dialog = await openForm();
    fillVisitorForm(dialog, ' amal@example.ma ', 'Le poste est-il encore ouvert ?');
    // A file FormData accepts here (jest-fixed-jsdom's FormData is Node's, not jsdom's).
    const carrier = new FormData();
    carrier.append('cv', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'cv-amal.pdf');
    const cv = carrier.get('cv') as File;
    fireEvent.change(within(dialog).getByLabelText(/^CV/), { target: { files: [cv] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Message envoyé. Cet e-mail ne correspond à aucun compte');
    expect(within(status).getByRole('link', { name: 'Créer mon compte' })).toHaveAttribute('href', '/fr/account/signup');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.get('email')).toBe('amal@example.ma');
    expect(posted[0]?.get('message')).toBe('Le poste est-il encore ouvert ?');
    expect((posted[0]?.get('cv') as File).name).toBe('cv-amal.pdf');
  });

  it('tells a first-time visitor to check their e-mail when the message waits for its link, in French and Arabic', async () => {
    const posted = server(() =>
      json(200, { sent: false, pending: true, inviteToSignUp: true, code: 'MESSAGE_PENDING_CONFIRMATION' }),
    );
    const { unmount } = renderApp(AD_PATH);
    let dialog = await openForm();
    fillVisitorForm(dialog, 'amal@example.ma', 'Toujours disponible ?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    let status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Vérifiez votre e-mail : ouvrez le lien que nous venons de vous envoyer');
    expect(status).not.toHaveTextContent('Message envoyé');
    unmount();

    renderApp('/ar/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'مراسلة البائع' }));
    dialog = screen.getByRole('dialog', { name: 'مراسلة البائع' });
    fireEvent.change(within(dialog).getByLabelText('بريدك الإلكتروني'), { target: { value: 'amal@example.ma' } });
    fireEvent.change(within(dialog).getByLabelText('رسالتك'), { target: { value: 'مرحبا' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('تحقق من بريدك الإلكتروني: افتح الرابط');
    expect(status).not.toHaveTextContent('تم إرسال الرسالة');
    expect(posted).toHaveLength(2);
  });

  it('asks a known e-mail to sign in, in the server error of §8', async () => {
    server(() =>
      json(409, {
        code: 'EMAIL_ALREADY_EXISTS',
        messageKey: 'messageForm.error.emailAlreadyExists',
        wording: 'Cet e-mail existe déjà. Connectez-vous pour envoyer votre message',
      }),
    );
    renderApp(AD_PATH);
    const dialog = await openForm();
    fillVisitorForm(dialog, 'client@example.ma', 'Bonjour');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Cet e-mail existe déjà. Connectez-vous pour envoyer votre message');
    expect(within(alert).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/fr/account/signin');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('contact the seller, signed in', () => {
  it('opens the conversation with the first message and goes to it', async () => {
    document.cookie = `souk_token=${accessTokenFor({ accountId: 1 })}; Path=/`;
    server(() => json(500, {}));
    const socket = installFakeSocket().answer('chat:open', () => ({ ok: true, conversation: conversation({ id: 'c9' }) }));
    const view = renderApp(AD_PATH);
    const dialog = await openForm();
    expect(within(dialog).queryByLabelText('Votre e-mail')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Écrivez votre message');
    fireEvent.change(within(dialog).getByLabelText('Votre message'), { target: { value: 'Toujours disponible ?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => {
      expect(view.pathname()).toBe('/fr/messages/chat');
    });
    expect(view.search()).toBe('?conversation=c9');
    const open = socket.sent.find((s) => s.event === 'chat:open');
    expect(open?.payload).toMatchObject({ listId: 10000001, text: 'Toujours disponible ?' });
  });

  it('shows a refusal in its §8 wording and stays on the ad', async () => {
    document.cookie = `souk_token=${accessTokenFor({ accountId: 1 })}; Path=/`;
    server(() => json(500, {}));
    installFakeSocket().answer('chat:open', () =>
      chatError('CONVERSATION_BLOCKED', 'chat.error.blocked', "Cette conversation est bloquée : votre message n'a pas été envoyé"),
    );
    const view = renderApp(AD_PATH);
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Votre message'), { target: { value: 'Bonjour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cette conversation est bloquée');
    expect(view.pathname()).toBe(AD_PATH);
  });

  it('offers no contact on the viewer’s own ad', async () => {
    document.cookie = `souk_token=${accessTokenFor({ accountId: SELLER })}; Path=/`;
    server(() => json(500, {}));
    renderApp(AD_PATH);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afficher le numéro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contacter le vendeur' })).not.toBeInTheDocument();
  });
});

describe('an ad that no longer takes messages', () => {
  const notFound = () =>
    chatError('NOT_FOUND', 'common.error.notFound', 'Page introuvable');

  it('says so to a signed-in buyer in the §8 wording, and sends no more (fr)', async () => {
    document.cookie = `souk_token=${accessTokenFor({ accountId: 1 })}; Path=/`;
    server(() => json(500, {}));
    const socket = installFakeSocket().answer('chat:open', notFound);
    const view = renderApp(AD_PATH);
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Votre message'), { target: { value: 'Toujours disponible ?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Cette annonce n'existe pas ou n'est plus disponible");
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(view.pathname()).toBe(AD_PATH);
    expect(socket.sent.filter((s) => s.event === 'chat:open')).toHaveLength(1);
  });

  it('says so to a signed-in buyer in Arabic', async () => {
    document.cookie = `souk_token=${accessTokenFor({ accountId: 1 })}; Path=/`;
    server(() => json(500, {}));
    installFakeSocket().answer('chat:open', notFound);
    renderApp('/ar/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'مراسلة البائع' }));
    const dialog = screen.getByRole('dialog', { name: 'مراسلة البائع' });
    fireEvent.change(within(dialog).getByLabelText('رسالتك'), { target: { value: 'هل ما زالت متوفرة؟' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('هذا الإعلان غير موجود أو لم يعد متاحًا');
    expect(within(dialog).getByRole('button', { name: 'إرسال' })).toBeDisabled();
  });

  it('says so to a visitor, in French and in Arabic', async () => {
    const posted = server(() =>
      json(404, { code: 'NOT_FOUND', messageKey: 'common.error.notFound', wording: 'Page introuvable' }),
    );
    const { unmount } = renderApp(AD_PATH);
    let dialog = await openForm();
    fillVisitorForm(dialog, 'amal@example.ma', 'Bonjour');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Cette annonce n'existe pas ou n'est plus disponible");
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    unmount();

    renderApp('/ar/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'مراسلة البائع' }));
    dialog = screen.getByRole('dialog', { name: 'مراسلة البائع' });
    fireEvent.change(within(dialog).getByLabelText('بريدك الإلكتروني'), { target: { value: 'amal@example.ma' } });
    fireEvent.change(within(dialog).getByLabelText('رسالتك'), { target: { value: 'مرحبا' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('هذا الإعلان غير موجود أو لم يعد متاحًا');
    expect(posted).toHaveLength(2);
  });
});

test('a CV is checked by its extension and its size', () => {
  expect(cvProblem(new File(['x'], 'CV.PDF'))).toBeUndefined();
  expect(cvProblem(new File(['x'], 'cv.odt'))).toBeUndefined();
  expect(cvProblem(new File(['x'], 'cv.docx'))).toBe('messageForm.error.cvType');
  expect(cvProblem(new File([new Uint8Array(2.5 * 1024 * 1024 + 1)], 'cv.pdf'))).toBe('messageForm.error.cvTooLarge');
});
