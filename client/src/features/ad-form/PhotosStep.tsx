// Step 3 of the ad form: photos (at most 8, cover first, move earlier / later, remove) and one
// video, each checked in the browser before upload and uploaded with visible progress.

import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/i18n';
import { errorText } from '../../ui/errorText';
import { MAX_PHOTOS, photoProblem, readVideoMetadata, uploadMedia, videoProblem } from './media';

export interface Photo {
  mediaId: string;
  thumb: string;
}

export interface PhotosValue {
  photos: Photo[];
  video: string | null;
}

export function PhotosStep({ value, onChange }: { value: PhotosValue; onChange: (value: PhotosValue) => void }) {
  const intl = useIntl();
  const [progress, setProgress] = useState<{ name: string; fraction: number }[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [videoProgress, setVideoProgress] = useState<number | undefined>();

  /** "{file} : {what is wrong}" as the language writes it. */
  const fileProblem = (file: File, problem: string) => intl.formatMessage({ id: 'adForm.fileProblem' }, { name: file.name, problem });
  const describe = (error: unknown) => errorText(intl, error);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    let photos = value.photos;
    for (const file of files) {
      const problem = photoProblem(file, photos.length);
      if (problem) {
        found.push(fileProblem(file, intl.formatMessage({ id: problem }, { max: MAX_PHOTOS })));
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

  const addVideo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
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

  return (
    <fieldset>
      <legend>{intl.formatMessage({ id: 'adForm.photos' })}</legend>
      <p className="ad-form__hint">{intl.formatMessage({ id: 'adForm.photos.hint' }, { count: value.photos.length, max: MAX_PHOTOS })}</p>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.photos.add' })}
        <input type="file" accept="image/jpeg,image/png" multiple disabled={value.photos.length >= MAX_PHOTOS} onChange={(e) => void addPhotos(e)} />
      </label>
      {progress.map((item) => (
        <label key={item.name} className="field">
          {intl.formatMessage({ id: 'adForm.uploading' }, { name: item.name })}
          <progress max={1} value={item.fraction} />
        </label>
      ))}
      <ul className="photos" aria-label={intl.formatMessage({ id: 'adForm.photos.list' })}>
        {value.photos.map((photo, index) => {
          const label = (id: MessageId) => intl.formatMessage({ id }, { n: index + 1 });
          return (
            <li key={photo.mediaId}>
              <img src={photo.thumb} alt={label('adForm.photos.photo')} />
              {index === 0 ? <span>{intl.formatMessage({ id: 'adForm.photos.cover' })}</span> : null}
              <button type="button" className="button" aria-label={label('adForm.photos.earlier')} disabled={index === 0} onClick={() => { move(index, -1); }}>
                ↑
              </button>
              <button type="button" className="button" aria-label={label('adForm.photos.later')} disabled={index === value.photos.length - 1} onClick={() => { move(index, 1); }}>
                ↓
              </button>
              <button type="button" className="button" aria-label={label('adForm.photos.remove')} onClick={() => { onChange({ ...value, photos: value.photos.filter((p) => p.mediaId !== photo.mediaId) }); }}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.video.add' })}
        <input type="file" accept="video/mp4,video/quicktime" onChange={(e) => void addVideo(e)} />
      </label>
      {videoProgress !== undefined ? (
        <label className="field">
          {intl.formatMessage({ id: 'adForm.video.uploading' })}
          <progress max={1} value={videoProgress} />
        </label>
      ) : null}
      {value.video ? (
        <p>
          {intl.formatMessage({ id: 'adForm.video.added' })}{' '}
          <button type="button" className="button button--link" onClick={() => { onChange({ ...value, video: null }); }}>
            {intl.formatMessage({ id: 'adForm.video.remove' })}
          </button>
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
