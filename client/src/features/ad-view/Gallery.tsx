// The ad view's photo gallery: the large photo and the thumbnails that choose it; the arrow
// keys move to the previous or next photo (mirrored right to left).

import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../app/i18n';
import type { AdImage } from '../../api/ads';

export function Gallery({ images, title }: { images: AdImage[]; title: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <p className="gallery gallery--empty">{intl.formatMessage({ id: 'ad.gallery.none' })}</p>;
  const current = images[Math.min(index, images.length - 1)] ?? images[0];
  if (!current) return null;
  const onKey = (event: KeyboardEvent) => {
    const forward = language === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const backward = language === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) setIndex((i) => (i + 1) % images.length);
    else if (event.key === backward) setIndex((i) => (i - 1 + images.length) % images.length);
  };
  return (
    <section className="gallery" aria-label={intl.formatMessage({ id: 'ad.gallery.label' })} tabIndex={0} onKeyDown={onKey}>
      <img
        className="gallery__large"
        src={current.large}
        fetchPriority="high"
        width="800"
        height="600"
        alt={intl.formatMessage({ id: 'ad.gallery.photo' }, { title, n: index + 1, total: images.length })}
      />
      <ul className="gallery__thumbs">
        {images.map((image, i) => (
          <li key={`${image.thumb}-${String(i)}`}>
            <button
              type="button"
              aria-pressed={i === index}
              aria-label={intl.formatMessage({ id: 'ad.gallery.show' }, { n: i + 1 })}
              onClick={() => {
                setIndex(i);
              }}
            >
              <img src={image.thumb} alt="" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
