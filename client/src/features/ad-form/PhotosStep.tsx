// Step 3 of the ad form: the photos (as many as the ad's allowance) and one video. Photos are
// dropped on (or chosen from) a drop zone, checked in the browser, then sent one after the
// other in the order chosen, each with its own preview and progress; a failed one stays with
// its reason, a retry and a remove. The photos are put in order by dragging them, or with the
// "earlier / later" buttons (keyboard and screen readers), and "make cover" moves one first:
// the first photo is the cover, and the order is the order `images` sends (docs/ads.md).

import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/i18n';
import { LIMITS } from '../../app/rules';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { FileDropZone } from '../../ui/FileDropZone';
import { Icon } from '../../ui/Icon';
import { ProgressBar } from '../../ui/ProgressBar';
import { MAX_PHOTOS, photoProblem, readVideoMetadata, uploadMedia, videoProblem } from './media';

export interface Photo {
  mediaId: string;
  thumb: string;
}

export interface PhotosValue {
  photos: Photo[];
  video: string | null;
}

/** A photo on its way: waiting its turn, being sent, or refused (with the reason). */
interface Upload {
  key: number;
  file: File;
  fraction: number;
  state: 'waiting' | 'sending' | 'failed';
  problem?: string;
  /** A local preview (object URL) while it is sent. */
  preview?: string;
}

export interface UploadCounts {
  uploading: number;
  failed: number;
}

const MB = 1024 * 1024;
/** The sizes the messages quote, from the server's rules. */
export const MEDIA_VALUES = {
  photoMb: Math.round(LIMITS.photoMaxBytes / MB),
  videoMb: Math.round(LIMITS.videoMaxBytes / MB),
  videoSeconds: Math.round(LIMITS.videoMaxMs / 1000),
};

/** A preview of the chosen file while it is sent (none where the platform cannot make one). */
function localPreview(file: File): string | undefined {
  try {
    return URL.createObjectURL(file);
  } catch {
    return undefined;
  }
}

function release(upload: Upload) {
  if (upload.preview) URL.revokeObjectURL(upload.preview);
}

/** `photos` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...items];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export interface PhotosStepProps {
  value: PhotosValue;
  /** Changes the value from its latest state (uploads end while the person reorders). */
  update: (change: (value: PhotosValue) => PhotosValue) => void;
  maxPhotos?: number;
  /** Told how many photos are still on their way or failed (the step waits for them). */
  onUploadsChange?: (counts: UploadCounts) => void;
  /** The problem of the step's uploads, already translated (shown by the uploads). */
  problem?: string;
}

export function PhotosStep({ value, update, maxPhotos = MAX_PHOTOS, onUploadsChange, problem }: PhotosStepProps) {
  const intl = useIntl();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [videoProgress, setVideoProgress] = useState<number | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | undefined>();
  const [over, setOver] = useState<number | undefined>();
  const [focusAfter, setFocusAfter] = useState<{ mediaId: string; action: string } | undefined>();
  const sending = useRef(false);
  const nextKey = useRef(1);
  const list = useRef<HTMLUListElement>(null);

  /** "{file} : {what is wrong}" as the language writes it. */
  const fileProblem = (file: File, text: string) => intl.formatMessage({ id: 'adForm.fileProblem' }, { name: file.name, problem: text });
  // `value` is the size in MB the message quotes: a photo's or a video's.
  const photoValues = { max: maxPhotos, value: MEDIA_VALUES.photoMb };
  const videoValues = { value: MEDIA_VALUES.videoMb, seconds: MEDIA_VALUES.videoSeconds };

  useEffect(() => {
    onUploadsChange?.({ uploading: uploads.filter((u) => u.state !== 'failed').length, failed: uploads.filter((u) => u.state === 'failed').length });
  }, [uploads, onUploadsChange]);

  // One photo at a time, in the order chosen, so that they arrive in that order.
  useEffect(() => {
    if (sending.current) return;
    const next = uploads.find((u) => u.state === 'waiting');
    if (!next) return;
    sending.current = true;
    const change = (patch: Partial<Upload>) => {
      setUploads((current) => current.map((u) => (u.key === next.key ? { ...u, ...patch } : u)));
    };
    change({ state: 'sending' });
    uploadMedia('photos', next.file, (fraction) => {
      change({ fraction });
    })
      .then((uploaded) => {
        sending.current = false;
        update((media) => ({ ...media, photos: [...media.photos, { mediaId: uploaded.mediaId, thumb: uploaded.urls.thumb }] }));
        release(next);
        setUploads((current) => current.filter((u) => u.key !== next.key));
      })
      .catch((error: unknown) => {
        sending.current = false;
        change({ state: 'failed', fraction: 0, problem: errorText(intl, error) });
      });
  }, [uploads, update, intl]);

  // Keeps the focus on the photo that was moved (its button may now be disabled or gone).
  useEffect(() => {
    if (!focusAfter || !list.current) return;
    const item = [...list.current.querySelectorAll<HTMLElement>('[data-photo]')].find((element) => element.dataset.photo === focusAfter.mediaId);
    // The same action if it is still possible there, else another move, else any of its buttons.
    const target =
      item?.querySelector<HTMLButtonElement>(`button[data-action="${focusAfter.action}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>('button[data-action]:not(:disabled)') ??
      item?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    target?.focus();
    setFocusAfter(undefined);
  }, [focusAfter]);

  const addPhotos = (files: File[]) => {
    const found: string[] = [];
    const queued: Upload[] = [];
    let count = value.photos.length + uploads.filter((u) => u.state !== 'failed').length;
    for (const file of files) {
      const id = photoProblem(file, count, maxPhotos);
      if (id) {
        found.push(fileProblem(file, intl.formatMessage({ id }, photoValues)));
        continue;
      }
      count += 1;
      queued.push({ key: nextKey.current++, file, fraction: 0, state: 'waiting', preview: localPreview(file) });
    }
    setProblems(found);
    if (queued.length > 0) setUploads((current) => [...current, ...queued]);
  };

  const retry = (key: number) => {
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, state: 'waiting', problem: undefined, fraction: 0 } : u)));
  };
  const drop = (upload: Upload) => {
    release(upload);
    setUploads((current) => current.filter((u) => u.key !== upload.key));
  };

  const move = (from: number, to: number, action?: 'earlier' | 'later' | 'cover') => {
    const photo = value.photos[from];
    if (!photo || from === to) return;
    const target = Math.max(0, Math.min(to, value.photos.length - 1));
    update((media) => {
      const index = media.photos.findIndex((p) => p.mediaId === photo.mediaId);
      return index < 0 ? media : { ...media, photos: moved(media.photos, index, target) };
    });
    setAnnouncement(
      target === 0
        ? intl.formatMessage({ id: 'adForm.photos.isCover' })
        : intl.formatMessage({ id: 'adForm.photos.moved' }, { n: target + 1, count: value.photos.length }),
    );
    if (action) setFocusAfter({ mediaId: photo.mediaId, action });
  };

  const addVideo = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const id = videoProblem(file, await readVideoMetadata(file));
    if (id) {
      setProblems([fileProblem(file, intl.formatMessage({ id }, videoValues))]);
      return;
    }
    setVideoProgress(0);
    try {
      const uploaded = await uploadMedia('videos', file, setVideoProgress);
      update((media) => ({ ...media, video: uploaded.mediaId }));
      setProblems([]);
    } catch (error) {
      setProblems([fileProblem(file, errorText(intl, error))]);
    } finally {
      setVideoProgress(undefined);
    }
  };

  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLLIElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event: DragEvent<HTMLLIElement>) => {
      if (dragging === undefined) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent<HTMLLIElement>) => {
      if (dragging === undefined) return;
      event.preventDefault();
      move(dragging, index);
      setDragging(undefined);
      setOver(undefined);
    },
    onDragEnd: () => {
      setDragging(undefined);
      setOver(undefined);
    },
  });

  const full = value.photos.length + uploads.filter((u) => u.state !== 'failed').length >= maxPhotos;
  const label = (id: MessageId, index: number) => intl.formatMessage({ id }, { n: index + 1 });
  const iconButton = buttonClass({ weight: 'ghost', small: true, icon: true });
  return (
    <div className="photos-step">
      <section className="ad-form__section" aria-labelledby="photos-step-photos">
        <h3 id="photos-step-photos" className="ad-form__section-title">
          {intl.formatMessage({ id: 'adForm.photos' })}
        </h3>
        <p className="ad-form__hint">{intl.formatMessage({ id: 'adForm.photos.hint' }, { count: value.photos.length, max: maxPhotos })}</p>
        <FileDropZone
          label={intl.formatMessage({ id: 'adForm.photos.add' })}
          detail={intl.formatMessage({ id: full ? 'adForm.photos.full' : 'adForm.photos.rules' }, photoValues)}
          accept="image/jpeg,image/png"
          multiple
          disabled={full}
          onFiles={addPhotos}
        />
        {value.photos.length > 0 || uploads.length > 0 ? (
          <ul ref={list} className="previews" aria-label={intl.formatMessage({ id: 'adForm.photos.list' })} data-field="uploads" data-invalid={problem ? true : undefined}>
            {value.photos.map((photo, index) => {
              const cover = index === 0;
              const className = [
                'preview',
                cover ? 'preview--cover' : undefined,
                dragging === index ? 'preview--dragging' : undefined,
                over === index && dragging !== index ? 'preview--over' : undefined,
              ];
              return (
                <li key={photo.mediaId} className={className.filter(Boolean).join(' ')} data-photo={photo.mediaId} {...dragProps(index)}>
                  <div className="preview__frame">
                    <img className="preview__image" src={photo.thumb} alt={label('adForm.photos.photo', index)} draggable={false} />
                    <span className="preview__position" aria-hidden="true">
                      {index + 1}
                    </span>
                    {cover ? (
                      <span className="preview__badge">
                        <Icon name="star" size={14} />
                        {intl.formatMessage({ id: 'adForm.photos.cover' })}
                      </span>
                    ) : null}
                    <span className="preview__grip" aria-hidden="true">
                      <Icon name="grip" size={18} />
                    </span>
                  </div>
                  <div className="preview__tools">
                    <span className="preview__move">
                      <button type="button" className={iconButton} aria-label={label('adForm.photos.earlier', index)} disabled={cover} data-action="earlier" onClick={() => { move(index, index - 1, 'earlier'); }}>
                        <span className="flip-in-rtl">
                          <Icon name="chevronStart" size={18} />
                        </span>
                      </button>
                      <button type="button" className={iconButton} aria-label={label('adForm.photos.later', index)} disabled={index === value.photos.length - 1} data-action="later" onClick={() => { move(index, index + 1, 'later'); }}>
                        <span className="flip-in-rtl">
                          <Icon name="chevronEnd" size={18} />
                        </span>
                      </button>
                    </span>
                    {cover ? null : (
                      <button type="button" className={iconButton} aria-label={label('adForm.photos.makeCover', index)} title={label('adForm.photos.makeCover', index)} onClick={() => { move(index, 0, 'cover'); }}>
                        <Icon name="star" size={18} />
                      </button>
                    )}
                    <button
                      type="button"
                      className={buttonClass({ weight: 'ghost', small: true, icon: true }, 'preview__remove')}
                      aria-label={label('adForm.photos.remove', index)}
                      onClick={() => {
                        update((media) => ({ ...media, photos: media.photos.filter((p) => p.mediaId !== photo.mediaId) }));
                      }}
                    >
                      <Icon name="trash" size={18} />
                    </button>
                  </div>
                </li>
              );
            })}
            {uploads.map((upload) => (
              <li key={`upload-${String(upload.key)}`} className={upload.state === 'failed' ? 'preview preview--upload preview--failed' : 'preview preview--upload'}>
                <div className="preview__frame">
                  {upload.preview ? <img className="preview__image preview__image--pending" src={upload.preview} alt="" /> : <span className="preview__placeholder" aria-hidden="true"><Icon name="camera" size={28} /></span>}
                  {upload.state === 'failed' ? null : (
                    <ProgressBar className="preview__progress" label={intl.formatMessage({ id: upload.state === 'waiting' ? 'adForm.photos.waiting' : 'adForm.uploading' }, { name: upload.file.name })} value={upload.fraction} />
                  )}
                </div>
                {upload.state === 'failed' ? (
                  <div className="preview__failure">
                    <p className="preview__problem">{fileProblem(upload.file, upload.problem ?? '')}</p>
                    <span className="preview__tools">
                      <button type="button" className={buttonClass({ weight: 'secondary', small: true })} aria-label={intl.formatMessage({ id: 'adForm.photos.retry' }, { name: upload.file.name })} onClick={() => { retry(upload.key); }}>
                        <Icon name="retry" size={16} />
                        {intl.formatMessage({ id: 'common.retry' })}
                      </button>
                      <button type="button" className={iconButton} aria-label={intl.formatMessage({ id: 'adForm.photos.drop' }, { name: upload.file.name })} onClick={() => { drop(upload); }}>
                        <Icon name="trash" size={18} />
                      </button>
                    </span>
                  </div>
                ) : (
                  <p className="preview__name" dir="auto">
                    {upload.file.name}
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {problem ? (
          <p className="ui-field__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>
      <section className="ad-form__section" aria-labelledby="photos-step-video">
        <h3 id="photos-step-video" className="ad-form__section-title">
          {intl.formatMessage({ id: 'adForm.video' })}
        </h3>
        {value.video ? (
          <p className="photos-step__video">
            <Icon name="video" />
            {intl.formatMessage({ id: 'adForm.video.added' })}
            <button type="button" className={buttonClass({ weight: 'ghost', small: true })} onClick={() => { update((media) => ({ ...media, video: null })); }}>
              {intl.formatMessage({ id: 'adForm.video.remove' })}
            </button>
          </p>
        ) : (
          <FileDropZone
            label={intl.formatMessage({ id: 'adForm.video.add' })}
            detail={intl.formatMessage({ id: 'adForm.video.rules' }, videoValues)}
            accept="video/mp4,video/quicktime"
            icon="video"
            disabled={videoProgress !== undefined}
            onFiles={(files) => void addVideo(files)}
          />
        )}
        {videoProgress !== undefined ? <ProgressBar label={intl.formatMessage({ id: 'adForm.video.uploading' })} value={videoProgress} showLabel /> : null}
      </section>
      {problems.length > 0 ? (
        <ul role="alert" className="ad-form__alert">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
