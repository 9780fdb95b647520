// Photo and video uploads of the ad form: the client-side checks (8 photos, 10 MB a photo,
// JPEG or PNG; a video under 30 MB and 60 seconds, landscape, read from a <video> element's
// metadata) and the upload itself with XMLHttpRequest so that its progress can be shown
// (POST /api/ads/photos | /api/ads/videos through api/upload.ts).

import type { MessageId } from '../../app/i18n';
import { postFile, UploadError } from '../../api/upload';
import { LIMITS } from '../../app/rules';

export const MAX_PHOTOS = LIMITS.freePhotos;
export const MAX_PHOTO_BYTES = LIMITS.photoMaxBytes;
export const MAX_VIDEO_BYTES = LIMITS.videoMaxBytes;
export const MAX_VIDEO_MS = LIMITS.videoMaxMs;

export interface UploadedMedia {
  mediaId: string;
  urls: { thumb: string; medium: string; large: string };
}

/** Why `file` cannot be added to `alreadyThere` photos of an ad allowed `max` (8 free, more once a pack was bought). */
export function photoProblem(file: File, alreadyThere: number, max: number = MAX_PHOTOS): MessageId | undefined {
  if (alreadyThere >= max) return 'adForm.photos.tooMany';
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'adForm.photos.type';
  if (file.size > MAX_PHOTO_BYTES) return 'adForm.photos.tooBig';
  return undefined;
}

export interface VideoMetadata {
  durationMs: number;
  width: number;
  height: number;
}

export function videoProblem(file: File, metadata: VideoMetadata | undefined): MessageId | undefined {
  if (file.size >= MAX_VIDEO_BYTES) return 'adForm.video.tooBig';
  if (!metadata) return 'adForm.video.unreadable';
  if (metadata.durationMs >= MAX_VIDEO_MS) return 'adForm.video.tooLong';
  if (metadata.width <= metadata.height) return 'adForm.video.notLandscape';
  return undefined;
}

/** Duration and displayed size of a video file, from a detached <video> element. */
export function readVideoMetadata(file: File): Promise<VideoMetadata | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      resolve({ durationMs: video.duration * 1000, width: video.videoWidth, height: video.videoHeight });
      URL.revokeObjectURL(url);
    };
    video.onerror = () => {
      resolve(undefined);
      URL.revokeObjectURL(url);
    };
    video.src = url;
  });
}

/** Uploads one photo or video, reporting progress from 0 to 1. */
export async function uploadMedia(kind: 'photos' | 'videos', file: File, onProgress: (fraction: number) => void): Promise<UploadedMedia> {
  const body = await postFile(`/api/ads/${kind}`, file, onProgress);
  if (typeof body.mediaId !== 'string') throw new UploadError(500);
  return body as unknown as UploadedMedia;
}
