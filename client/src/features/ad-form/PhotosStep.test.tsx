// The photos step: photos sent one after the other in the order chosen, each with its own
// progress; reordered by the buttons (keyboard) and by drag and drop, a "make cover" that moves
// one first, and that order is the `images` the step saves; a failed upload kept with its
// reason, retried or dropped, and the step waiting for the uploads before it is sent.

import { fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, gateway, type GatewayCall } from '../../../test/fixtures';
import { FakeXhr, installFakeXhr } from '../../../test/fakeXhr';
import { renderApp } from '../../../test/renderApp';
import { forget } from './formMemory';
import { moved } from './PhotosStep';

function signIn() {
  document.cookie = `souk_token=${accessTokenFor()}; Path=/`;
}

const urls = (id: string) => ({ mediaId: id, urls: { thumb: `/${id}-t.jpg`, medium: `/${id}-m.jpg`, large: `/${id}-l.jpg` } });

function jpeg(name: string): File {
  return new File(['jpeg'], name, { type: 'image/jpeg' });
}

let restore: () => void = () => undefined;
beforeEach(() => {
  forget('insert');
  restore = installFakeXhr();
});
afterEach(() => {
  restore();
});

async function photosStep(path = '/ad/insert/3') {
  signIn();
  const calls: GatewayCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ saveAdDraft: ({ variables }) => ({ draftId: 'draft-1', adId: null, step: variables.step, nextStep: 4, ad: variables.ad }) }, calls),
  );
  renderApp(path);
  const form = await screen.findByRole('form', { name: path.startsWith('/ar') ? 'الصور والفيديو' : 'Photos et vidéo' });
  return { form, calls, input: within(form).getByLabelText(path.startsWith('/ar') ? 'إضافة صور' : 'Ajouter des photos') };
}

/** The photos' names in the order shown. */
function order(form: HTMLElement): string[] {
  return within(within(form).getByRole('list', { name: "Photos de l'annonce" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src') ?? '');
}

async function threePhotos(form: HTMLElement, input: HTMLElement) {
  fireEvent.change(input, { target: { files: [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')] } });
  for (const id of ['a', 'b', 'c']) {
    const xhr = FakeXhr.instances.at(-1);
    await xhr?.answer(201, urls(id));
  }
  await within(form).findByRole('img', { name: 'Photo 3' });
}

describe('the photos step', () => {
  it('sends the photos one after the other in the order chosen, each with its own progress', async () => {
    const { form, input } = await photosStep();
    fireEvent.change(input, { target: { files: [jpeg('porte.jpg'), jpeg('salon.jpg')] } });
    const first = await within(form).findByRole('progressbar', { name: 'Envoi de porte.jpg' });
    // The second waits its turn, at 0 %.
    expect(within(form).getByRole('progressbar', { name: "salon.jpg en attente d'envoi" })).toHaveAttribute('aria-valuenow', '0');
    expect(FakeXhr.instances).toHaveLength(1);
    FakeXhr.instances[0]?.progress(30, 100);
    expect(first).toHaveAttribute('aria-valuenow', '30');
    await FakeXhr.instances[0]?.answer(201, urls('porte'));
    const second = await within(form).findByRole('progressbar', { name: 'Envoi de salon.jpg' });
    expect(FakeXhr.instances).toHaveLength(2);
    FakeXhr.instances[1]?.progress(75, 100);
    expect(second).toHaveAttribute('aria-valuenow', '75');
    expect(within(form).getByText('75 %')).toBeInTheDocument();
    await FakeXhr.instances[1]?.answer(201, urls('salon'));
    expect(await within(form).findByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', '/salon-t.jpg');
    expect(order(form)).toEqual(['/porte-t.jpg', '/salon-t.jpg']);
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reorders with the buttons, keeps the focus on the moved photo, makes a cover, and saves that order', async () => {
    const { form, input, calls } = await photosStep();
    await threePhotos(form, input);
    expect(within(form).getAllByText('Photo principale')).toHaveLength(1);
    expect(within(form).getByRole('button', { name: 'Avancer la photo 1' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Faire de la photo 1 la photo principale' })).not.toBeInTheDocument();

    within(form).getByRole('button', { name: 'Reculer la photo 1' }).focus();
    fireEvent.click(within(form).getByRole('button', { name: 'Reculer la photo 1' }));
    expect(order(form)).toEqual(['/b-t.jpg', '/a-t.jpg', '/c-t.jpg']);
    // The focus follows the photo to its new place, and the move is said.
    expect(within(form).getByRole('button', { name: 'Reculer la photo 2' })).toHaveFocus();
    expect(within(form).getByText('Photo déplacée en position 2 sur 3')).toHaveAttribute('aria-live', 'polite');

    fireEvent.click(within(form).getByRole('button', { name: 'Faire de la photo 3 la photo principale' }));
    expect(order(form)).toEqual(['/c-t.jpg', '/b-t.jpg', '/a-t.jpg']);
    expect(within(form).getByText("C'est maintenant la photo principale")).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Photo 1' }).closest('li')).toHaveTextContent('Photo principale');

    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('form', { name: 'Lieu et prix' });
    const saved = calls.find((c) => c.operationName === 'saveAdDraft')?.variables.ad as { images: string[] };
    expect(saved.images).toEqual(['c', 'b', 'a']);
  });

  it('reorders by drag and drop', async () => {
    const { form, input } = await photosStep();
    await threePhotos(form, input);
    const items = () => within(within(form).getByRole('list', { name: "Photos de l'annonce" })).getAllByRole('listitem');
    const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '', types: ['text/plain'], files: [] };
    const [first, , third] = items();
    if (!first || !third) throw new Error('three photos');
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    expect(first).toHaveClass('preview--over');
    expect(third).toHaveClass('preview--dragging');
    fireEvent.drop(first, { dataTransfer });
    expect(order(form)).toEqual(['/c-t.jpg', '/a-t.jpg', '/b-t.jpg']);
    expect(items()[0]).toHaveTextContent('Photo principale');
    expect(items().some((item) => item.classList.contains('preview--over'))).toBe(false);
  });

  it('keeps a failed upload with its reason, waits for it before the next step, and sends it again on retry', async () => {
    const { form, input } = await photosStep();
    fireEvent.change(input, { target: { files: [jpeg('voiture.jpg')] } });
    await within(form).findByRole('progressbar', { name: 'Envoi de voiture.jpg' });
    // The step waits while it is sent, going back as going on.
    fireEvent.click(within(form).getByRole('link', { name: 'Retour' }));
    expect(within(form).getByText("Attendez la fin de l'envoi des photos")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    expect(screen.getByRole('form', { name: 'Photos et vidéo' })).toBeInTheDocument();
    await FakeXhr.instances[0]?.answer(413, { messageKey: 'adForm.error.photoSize', wording: 'Photo trop lourde' });
    expect(await within(form).findByText(/^voiture\.jpg : /)).toBeInTheDocument();
    expect(within(form).getByText("Renvoyez ou abandonnez les photos qui n'ont pas pu être envoyées")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    expect(within(form).getByRole('button', { name: 'Renvoyer voiture.jpg' })).toHaveFocus();

    fireEvent.click(within(form).getByRole('button', { name: 'Renvoyer voiture.jpg' }));
    expect(FakeXhr.instances).toHaveLength(2);
    await FakeXhr.instances[1]?.answer(201, urls('voiture'));
    expect(await within(form).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/voiture-t.jpg');
    expect(within(form).queryByText("Renvoyez ou abandonnez les photos qui n'ont pas pu être envoyées")).not.toBeInTheDocument();
  });

  it('drops a failed upload on request, and counts photos on their way against the allowance', async () => {
    const { form, input } = await photosStep('/ar/ad/insert/3');
    fireEvent.change(input, { target: { files: [jpeg('باب.jpg')] } });
    await FakeXhr.instances[0]?.answer(500, {});
    fireEvent.click(await within(form).findByRole('button', { name: 'التخلي عن باب.jpg' }));
    expect(within(form).queryByText(/باب\.jpg/)).not.toBeInTheDocument();
    // Nine at once for an allowance of 8: the ninth is refused before anything is sent.
    const nine = Array.from({ length: 9 }, (_, i) => jpeg(`p${String(i)}.jpg`));
    fireEvent.change(input, { target: { files: nine } });
    expect(await within(form).findByRole('alert')).toHaveTextContent('p8.jpg');
    expect(within(form).getAllByRole('progressbar')).toHaveLength(8);
  });
});

describe('moved', () => {
  it('moves one item and keeps the others in order, within bounds', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
