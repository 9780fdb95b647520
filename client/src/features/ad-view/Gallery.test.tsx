// The ad view's gallery and its full-screen viewer: the thumbnails and the arrow keys choose the
// photo shown (and its counter); a tap on the photo opens it full screen, where the buttons,
// the arrow keys (mirrored in Arabic) and a swipe change photo, a double tap or a pinch zooms
// on the point touched, and Escape closes, giving the focus back.

import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import type { AdImage } from '../../api/ads';
import { frMessages } from '../../app/messagesForTests';
import { renderApp } from '../../../test/renderApp';
import { gateway } from '../../../test/fixtures';
import { listAd, publicAd } from '../../../test/adFixtures';
import { DOUBLE_TAP_ZOOM, MAX_ZOOM, PhotoViewer, zoomAt } from './PhotoViewer';

const IMAGES: AdImage[] = [1, 2, 3].map((n) => ({ thumb: `/t${String(n)}.jpg`, large: `/l${String(n)}.jpg` }) as AdImage);

function openAd(path: string) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    gateway({ getAd: () => publicAd({ images: IMAGES }), getRelatedAds: () => [listAd({ listId: 10000002 })], getPremiumAds: () => [] }),
  );
  renderApp(path);
}

// jsdom has no PointerEvent: one built on MouseEvent carries the position, the id and the type.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeAll(() => {
  Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true, writable: true });
});
afterAll(() => {
  Reflect.deleteProperty(window, 'PointerEvent');
});

/** The element that takes the photo's gestures. */
function frameOf(photo: HTMLElement): HTMLElement {
  if (!photo.parentElement) throw new Error('the photo has no frame');
  return photo.parentElement;
}

/** A pointer event with its id and position. */
function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp', target: Element, id: number, x: number, y: number, pointerType = 'touch') {
  fireEvent[type](target, { pointerId: id, clientX: x, clientY: y, pointerType });
}

describe('gallery', () => {
  it('shows one photo at a time, chosen by the thumbnails and the arrow keys, with its counter', async () => {
    openAd('/vi/10000001.htm');
    const gallery = await screen.findByRole('region', { name: "Photos de l'annonce" });
    expect(within(gallery).getAllByRole('img', { name: /photo \d sur 3/ }).map((img) => img.getAttribute('alt'))).toEqual([
      'Dacia Logan 2018 diesel, photo 1 sur 3',
    ]);
    expect(gallery).toHaveTextContent('1 / 3');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Voir la photo 3' }));
    expect(within(gallery).getByRole('img', { name: 'Dacia Logan 2018 diesel, photo 3 sur 3' })).toHaveAttribute('src', '/l3.jpg');
    expect(gallery).toHaveTextContent('3 / 3');
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(within(gallery).getByRole('button', { name: 'Voir la photo 1' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the photo full screen, changes photo by button, key and swipe, and closes on Escape', async () => {
    openAd('/vi/10000001.htm');
    const gallery = await screen.findByRole('region', { name: "Photos de l'annonce" });
    const opener = within(gallery).getByRole('button', { name: 'Agrandir la photo 1' });
    opener.focus();
    fireEvent.click(opener);
    const viewer = screen.getByRole('dialog', { name: 'Photos en plein écran' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/l1.jpg');
    expect(viewer).toHaveTextContent('1 / 3');

    fireEvent.click(within(viewer).getByRole('button', { name: 'Photo suivante' }));
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/l2.jpg');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(viewer).toHaveTextContent('3 / 3');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Photo précédente' }));
    expect(viewer).toHaveTextContent('2 / 3');

    // A swipe to the left shows the next photo; a short or vertical move does not.
    const frame = frameOf(within(viewer).getByRole('img'));
    pointer('pointerDown', frame, 1, 300, 400);
    pointer('pointerUp', frame, 1, 150, 410);
    expect(viewer).toHaveTextContent('3 / 3');
    pointer('pointerDown', frame, 1, 200, 400);
    pointer('pointerUp', frame, 1, 210, 200);
    expect(viewer).toHaveTextContent('3 / 3');
    // The gallery under it follows.
    expect(within(gallery).getByRole('button', { name: 'Voir la photo 3', hidden: true })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Photos en plein écran' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('mirrors keys and swipes in Arabic', async () => {
    openAd('/ar/vi/10000001.htm');
    const gallery = await screen.findByRole('region', { name: 'صور الإعلان' });
    fireEvent.click(within(gallery).getByRole('button', { name: 'تكبير الصورة 1' }));
    const viewer = screen.getByRole('dialog', { name: 'الصور بملء الشاشة' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/l2.jpg');
    const frame = frameOf(within(viewer).getByRole('img'));
    pointer('pointerDown', frame, 1, 100, 400);
    pointer('pointerUp', frame, 1, 300, 400);
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/l3.jpg');
  });

  it('zooms on a double tap and back, pinches between 1× and 4×, and does not swipe while zoomed', () => {
    const onIndex = jest.fn();
    render(
      <IntlProvider locale="fr" messages={frMessages}>
        <MemoryRouter>
          <PhotoViewerHarness onIndex={onIndex} />
        </MemoryRouter>
      </IntlProvider>,
    );
    const photo = screen.getByRole('img');
    const frame = frameOf(photo);
    pointer('pointerDown', frame, 1, 100, 100);
    pointer('pointerUp', frame, 1, 100, 100);
    pointer('pointerDown', frame, 1, 101, 100);
    pointer('pointerUp', frame, 1, 101, 100);
    expect(photo).toHaveAttribute('data-scale', String(DOUBLE_TAP_ZOOM));

    // Zoomed, a sideways move pans the photo and stays on it.
    pointer('pointerDown', frame, 1, 300, 300);
    pointer('pointerMove', frame, 1, 100, 300);
    pointer('pointerUp', frame, 1, 100, 300);
    expect(onIndex).not.toHaveBeenCalled();

    fireEvent.doubleClick(frame, { clientX: 0, clientY: 0 });
    expect(photo).toHaveAttribute('data-scale', '1');

    // Two fingers moving apart to three times their distance: 3×; further: never beyond 4×.
    pointer('pointerDown', frame, 1, 100, 100);
    pointer('pointerDown', frame, 2, 120, 100);
    pointer('pointerMove', frame, 2, 160, 100);
    expect(photo).toHaveAttribute('data-scale', '3');
    pointer('pointerMove', frame, 2, 400, 100);
    expect(photo).toHaveAttribute('data-scale', String(MAX_ZOOM));
    pointer('pointerUp', frame, 2, 400, 100);
    pointer('pointerUp', frame, 1, 100, 100);
    expect(onIndex).not.toHaveBeenCalled();
  });

  it('keeps the point zoomed on in place', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 2, 50, -20)).toEqual({ scale: 2, x: -50, y: 20 });
    expect(zoomAt({ scale: 2, x: -50, y: 20 }, 0.5, 0, 0)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

function PhotoViewerHarness({ onIndex }: { onIndex: (index: number) => void }) {
  return <PhotoViewer images={IMAGES} title="Villa" index={0} onIndex={onIndex} onClose={() => undefined} />;
}
