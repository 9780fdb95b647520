// The ad view's photo gallery: the photos side by side in a strip that a finger swipes (scroll
// snapping, mirrored right to left), the thumbnails that choose one, the arrow keys that move to
// the previous or next photo (mirrored right to left), a counter, and a tap on a photo that opens
// it full screen (PhotoViewer: swipe, pinch and double-tap zoom).

import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../app/i18n';
import type { AdImage } from '../../api/ads';
import { PhotoViewer } from './PhotoViewer';

export function Gallery({ images, title }: { images: AdImage[]; title: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  if (images.length === 0) return <p className="gallery gallery--empty">{intl.formatMessage({ id: 'ad.gallery.none' })}</p>;
  const total = images.length;
  const current = Math.min(index, total - 1);

  /** Shows photo `i`: the strip scrolls to it (right to left in Arabic: negative offsets). */
  const show = (i: number) => {
    const next = (i + total) % total;
    setIndex(next);
    const strip = track.current;
    if (strip && typeof strip.scrollTo === 'function') {
      strip.scrollTo({ left: (language === 'ar' ? -1 : 1) * next * strip.clientWidth, behavior: 'smooth' });
    }
  };
  // A swipe settles on a photo: the counter and the thumbnails follow it.
  const onScroll = () => {
    const strip = track.current;
    if (!strip || strip.clientWidth === 0) return;
    const at = Math.round(Math.abs(strip.scrollLeft) / strip.clientWidth);
    if (at !== current && at < total) setIndex(at);
  };
  const onKey = (event: KeyboardEvent) => {
    const forward = language === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const backward = language === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) show(current + 1);
    else if (event.key === backward) show(current - 1);
  };
  return (
    <section className="gallery" aria-label={intl.formatMessage({ id: 'ad.gallery.label' })} tabIndex={0} onKeyDown={onKey}>
      <div className="gallery__stage">
        <ul className="gallery__track" ref={track} onScroll={onScroll}>
          {images.map((image, i) => (
            <li key={`${image.large}-${String(i)}`} className="gallery__slide" aria-hidden={i === current ? undefined : true}>
              <button
                type="button"
                className="gallery__open"
                tabIndex={i === current ? 0 : -1}
                aria-label={intl.formatMessage({ id: 'ad.viewer.open' }, { n: i + 1 })}
                onClick={() => {
                  setIndex(i);
                  setViewing(true);
                }}
              >
                <img
                  className="gallery__large"
                  src={image.large}
                  width="800"
                  height="600"
                  loading={i === 0 ? undefined : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  alt={intl.formatMessage({ id: 'ad.gallery.photo' }, { title, n: i + 1, total })}
                />
              </button>
            </li>
          ))}
        </ul>
        {total > 1 ? (
          <span className="gallery__counter" aria-hidden="true">
            {intl.formatMessage({ id: 'ad.viewer.counter' }, { n: current + 1, total })}
          </span>
        ) : null}
      </div>
      {total > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={`${image.thumb}-${String(i)}`}>
              <button
                type="button"
                aria-pressed={i === current}
                aria-label={intl.formatMessage({ id: 'ad.gallery.show' }, { n: i + 1 })}
                onClick={() => {
                  show(i);
                }}
              >
                <img src={image.thumb} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewing ? (
        <PhotoViewer
          images={images}
          title={title}
          index={current}
          onIndex={show}
          onClose={() => {
            setViewing(false);
          }}
        />
      ) : null}
    </section>
  );
}
