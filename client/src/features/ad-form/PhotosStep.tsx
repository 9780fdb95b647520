// Step 3 of the ad form: photos (at most 8, cover first, move earlier / later, remove) and one
// video, each checked in the browser before upload and uploaded with visible progress.

import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/i18n';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errorText';
import { FileDropZone } from '../../ui/FileDropZone';
import { Icon } from '../../ui/Icon';
import { MAX_PHOTOS, photoProblem, readVideoMetadata, uploadMedia, videoProblem } from './media';

export interface Photo {
  mediaId: string;
  thumb: string;
}

export interface PhotosValue {
  photos: Photo[];
  video: string | null;
}

export function PhotosStep({ value, onChange, maxPhotos = MAX_PHOTOS }: { value: PhotosValue; onChange: (value: PhotosValue) => void; maxPhotos?: number }) {
  const intl = useIntl();
  const [progress, setProgress] = useState<{ name: string; fraction: number }[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [videoProgress, setVideoProgress] = useState<number | undefined>();

  /** "{file} : {what is wrong}" as the language writes it. */
  const fileProblem = (file: File, problem: string) => intl.formatMessage({ id: 'adForm.fileProblem' }, { name: file.name, problem });
  const describe = (error: unknown) => errorText(intl, error);

  const addPhotos = async (files: File[]) => {
    const found: string[] = [];
    let photos = value.photos;
    for (const file of files) {
      const problem = photoProblem(file, photos.length, maxPhotos);
      if (problem) {
        found.push(fileProblem(file, intl.formatMessage({ id: problem }, { max: maxPhotos })));
        continue;
      }
      setProgress((current) => [...current, { name: file.name, fraction: 0 }]);
      try {
        const uploaded = await uploadMedia('photos', file, (fraction) => {
          setProgress((current) => current.map((item) => (item.name === file.name ? { ...item, fraction } : item)));
        });
        photos = [...photos, { mediaId: uploaded.mediaId, thumb: uploaded.urls.thumb }];
        onChange({ ...value, photos });
      } catch (error) {
        found.push(fileProblem(file, describe(error)));
      } finally {
        setProgress((current) => current.filter((item) => item.name !== file.name));
      }
    }
    setProblems(found);
  };

  const addVideo = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const problem = videoProblem(file, await readVideoMetadata(file));
    if (problem) {
      setProblems([fileProblem(file, intl.formatMessage({ id: problem }))]);
      return;
    }
    setVideoProgress(0);
    try {
      const uploaded = await uploadMedia('videos', file, setVideoProgress);
      onChange({ ...value, video: uploaded.mediaId });
      setProblems([]);
    } catch (error) {
      setProblems([fileProblem(file, describe(error))]);
    } finally {
      setVideoProgress(undefined);
    }
  };

  const move = (index: number, by: number) => {
    const photos = [...value.photos];
    const [photo] = photos.splice(index, 1);
    if (!photo) return;
    photos.splice(index + by, 0, photo);
    onChange({ ...value, photos });
  };

  const full = value.photos.length >= maxPhotos;
  return (
    <div className="photos-step">
      <section className="ad-form__section" aria-labelledby="photos-step-photos">
        <h3 id="photos-step-photos" className="ad-form__section-title">
          {intl.formatMessage({ id: 'adForm.photos' })}
        </h3>
        <p className="ad-form__hint">{intl.formatMessage({ id: 'adForm.photos.hint' }, { count: value.photos.length, max: maxPhotos })}</p>
        {value.photos.length > 0 || progress.length > 0 ? (
          <ul className="previews" aria-label={intl.formatMessage({ id: 'adForm.photos.list' })}>
            {value.photos.map((photo, index) => {
              const label = (id: MessageId) => intl.formatMessage({ id }, { n: index + 1 });
              return (
                <li key={photo.mediaId} className="preview">
                  <img className="preview__image" src={photo.thumb} alt={label('adForm.photos.photo')} />
                  {index === 0 ? <span className="preview__badge">{intl.formatMessage({ id: 'adForm.photos.cover' })}</span> : null}
                  <div className="preview__tools">
                    <span>
                      <button type="button" className={buttonClass({ weight: 'ghost', small: true, icon: true })} aria-label={label('adForm.photos.earlier')} disabled={index === 0} onClick={() => { move(index, -1); }}>
                        <Icon name="chevronUp" size={18} />
                      </button>
                      <button type="button" className={buttonClass({ weight: 'ghost', small: true, icon: true })} aria-label={label('adForm.photos.later')} disabled={index === value.photos.length - 1} onClick={() => { move(index, 1); }}>
                        <Icon name="chevronDown" size={18} />
                      </button>
                    </span>
                    <button type="button" className={buttonClass({ weight: 'ghost', small: true, icon: true }, 'preview__remove')} aria-label={label('adForm.photos.remove')} onClick={() => { onChange({ ...value, photos: value.photos.filter((p) => p.mediaId !== photo.mediaId) }); }}>
                      <Icon name="trash" size={18} />
                    </button>
                  </div>
                </li>
              );
            })}
            {progress.map((item) => (
              <li key={`upload-${item.name}`} className="preview">
                <label className="preview__progress">
                  {intl.formatMessage({ id: 'adForm.uploading' }, { name: item.name })}
                  <progress max={1} value={item.fraction} />
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <FileDropZone
          label={intl.formatMessage({ id: 'adForm.photos.add' })}
          detail={intl.formatMessage({ id: full ? 'adForm.photos.full' : 'adForm.photos.rules' }, { max: maxPhotos })}
          accept="image/jpeg,image/png"
          multiple
          disabled={full}
          onFiles={(files) => void addPhotos(files)}
        />
      </section>
      <section className="ad-form__section" aria-labelledby="photos-step-video">
        <h3 id="photos-step-video" className="ad-form__section-title">
          {intl.formatMessage({ id: 'adForm.video' })}
        </h3>
        {value.video ? (
          <p className="photos-step__video">
            <Icon name="video" />
            {intl.formatMessage({ id: 'adForm.video.added' })}
            <button type="button" className={buttonClass({ weight: 'ghost', small: true })} onClick={() => { onChange({ ...value, video: null }); }}>
              {intl.formatMessage({ id: 'adForm.video.remove' })}
            </button>
          </p>
        ) : (
          <FileDropZone
            label={intl.formatMessage({ id: 'adForm.video.add' })}
            detail={intl.formatMessage({ id: 'adForm.video.rules' })}
            accept="video/mp4,video/quicktime"
            icon="video"
            disabled={videoProgress !== undefined}
            onFiles={(files) => void addVideo(files)}
          />
        )}
        {videoProgress !== undefined ? (
          <label className="ui-field">
            {intl.formatMessage({ id: 'adForm.video.uploading' })}
            <progress max={1} value={videoProgress} />
          </label>
        ) : null}
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
