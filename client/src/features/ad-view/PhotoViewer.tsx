// An ad's photos full screen (opened from the gallery): one photo at a time on black, its
// counter, previous and next buttons and arrow keys (mirrored right to left), Escape or the
// close button to leave. Touch: a horizontal swipe moves to the previous or next photo; two
// fingers pinch the photo between 1× and 4×; a double tap (or double click) zooms 2.5× on the
// point touched, or back; a zoomed photo follows the finger. Focus stays inside while it is
// open and goes back to the photo that opened it.

import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../app/i18n';
import type { AdImage } from '../../api/ads';
import { Icon } from '../../ui/Icon';
import { trapTab } from '../../ui/focusTrap';

export const MAX_ZOOM = 4;
export const DOUBLE_TAP_ZOOM = 2.5;
/** How far (px) a finger travels sideways for a swipe to change photo. */
const SWIPE_PX = 50;
const DOUBLE_TAP_MS = 300;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };

/** The view zoomed to `scale` keeping the point `(px, py)` (from the photo's centre) in place. */
export function zoomAt(view: View, scale: number, px: number, py: number): View {
  const s = Math.min(MAX_ZOOM, Math.max(1, scale));
  if (s === 1) return FIT;
  const k = s / view.scale;
  return { scale: s, x: px - k * (px - view.x), y: py - k * (py - view.y) };
}

export function PhotoViewer({
  images,
  title,
  index,
  onIndex,
  onClose,
}: {
  images: AdImage[];
  title: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const dialog = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(FIT);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; pinch?: { distance: number; view: View }; pan?: View; lastTap: number }>({
    startX: 0,
    startY: 0,
    lastTap: 0,
  });
  const total = images.length;
  const image = images[index] ?? images[0];
  const forward = language === 'ar' ? -1 : 1;

  const go = (step: number) => {
    setView(FIT);
    onIndex(index + step);
  };
  const close = useRef(onClose);
  const goRef = useRef(go);
  useEffect(() => {
    close.current = onClose;
    goRef.current = go;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      else if (event.key === 'ArrowRight') goRef.current(language === 'ar' ? -1 : 1);
      else if (event.key === 'ArrowLeft') goRef.current(language === 'ar' ? 1 : -1);
      else if (event.key === 'Tab' && dialog.current) trapTab(event, dialog.current, 'button');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [language]);

  if (!image) return null;

  /** The point of an event from the photo frame's centre. */
  const fromCentre = (element: HTMLElement, clientX: number, clientY: number) => {
    const box = element.getBoundingClientRect();
    return { x: clientX - (box.left + box.width / 2), y: clientY - (box.top + box.height / 2) };
  };
  const toggleZoom = (element: HTMLElement, clientX: number, clientY: number) => {
    const point = fromCentre(element, clientX, clientY);
    setView((current) => (current.scale > 1 ? FIT : zoomAt(current, DOUBLE_TAP_ZOOM, point.x, point.y)));
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // No pointer capture (an old browser, or a test's DOM): the gesture still works inside.
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (a && b) g.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), view };
    } else {
      g.startX = event.clientX;
      g.startY = event.clientY;
      g.pan = view;
    }
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (g.pinch && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b || g.pinch.distance === 0) return;
      const centre = fromCentre(event.currentTarget, (a.x + b.x) / 2, (a.y + b.y) / 2);
      setView(zoomAt(g.pinch.view, (g.pinch.view.scale * Math.hypot(a.x - b.x, a.y - b.y)) / g.pinch.distance, centre.x, centre.y));
    } else if (g.pan && g.pan.scale > 1) {
      const from = g.pan;
      setView({ ...from, x: from.x + event.clientX - g.startX, y: from.y + event.clientY - g.startY });
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const wasPinch = Boolean(g.pinch);
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) g.pinch = undefined;
    if (wasPinch || pointers.current.size > 0) return;
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    if (view.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      // A swipe towards the start shows the next photo (leftwards in French, rightwards in Arabic).
      go(dx < 0 ? forward : -forward);
      g.lastTap = 0;
      return;
    }
    if (event.pointerType !== 'mouse' && Math.abs(dx) < 10 && Math.abs(dy) < 10) {
      const now = Date.now();
      if (now - g.lastTap < DOUBLE_TAP_MS) {
        toggleZoom(event.currentTarget, event.clientX, event.clientY);
        g.lastTap = 0;
      } else {
        g.lastTap = now;
      }
    }
  };

  return (
    <div
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={intl.formatMessage({ id: 'ad.viewer.label' })}
      tabIndex={-1}
      ref={dialog}
    >
      <div className="photo-viewer__bar">
        <span className="photo-viewer__counter" aria-live="polite">
          {intl.formatMessage({ id: 'ad.viewer.counter' }, { n: index + 1, total })}
        </span>
        <button type="button" className="photo-viewer__button" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={onClose}>
          <Icon name="close" size={24} />
        </button>
      </div>
      <div
        className="photo-viewer__frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => {
          toggleZoom(event.currentTarget, event.clientX, event.clientY);
        }}
      >
        <img
          className="photo-viewer__photo"
          src={image.large}
          alt={intl.formatMessage({ id: 'ad.gallery.photo' }, { title, n: index + 1, total })}
          draggable={false}
          data-scale={view.scale}
          style={{ transform: `translate(${String(view.x)}px, ${String(view.y)}px) scale(${String(view.scale)})` }}
        />
      </div>
      {total > 1 ? (
        <>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__step photo-viewer__step--previous"
            aria-label={intl.formatMessage({ id: 'ad.viewer.previous' })}
            onClick={() => {
              go(-1);
            }}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__step photo-viewer__step--next"
            aria-label={intl.formatMessage({ id: 'ad.viewer.next' })}
            onClick={() => {
              go(1);
            }}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      <p className="photo-viewer__hint">{intl.formatMessage({ id: 'ad.viewer.hint' })}</p>
    </div>
  );
}
