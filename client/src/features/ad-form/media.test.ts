// The client-side checks of photos and videos (spec §5 and §9: 8 photos; a video under 1 minute
// and 30 MB, landscape).

import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES, photoProblem, videoProblem } from './media';
import { LIMITS } from '../../app/rules';

function file(type: string, bytes: number): File {
  const f = new File(['x'], 'f', { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
}

const LANDSCAPE = { durationMs: 30_000, width: 1280, height: 720 };

describe('videoProblem', () => {
  it('accepts a landscape video under a minute and 30 MB', () => {
    expect(videoProblem(file('video/mp4', MAX_VIDEO_BYTES - 1), { ...LANDSCAPE, durationMs: 59_999 })).toBeUndefined();
  });

  it('refuses 30 MB or more, before anything else', () => {
    expect(videoProblem(file('video/mp4', MAX_VIDEO_BYTES), LANDSCAPE)).toBe('adForm.video.tooBig');
    expect(videoProblem(file('video/mp4', 31 * 1024 * 1024), undefined)).toBe('adForm.video.tooBig');
  });

  it('refuses 60 seconds or more', () => {
    expect(videoProblem(file('video/mp4', 1000), { ...LANDSCAPE, durationMs: 60_000 })).toBe('adForm.video.tooLong');
  });

  it('refuses portrait and square videos', () => {
    expect(videoProblem(file('video/mp4', 1000), { ...LANDSCAPE, width: 720, height: 1280 })).toBe('adForm.video.notLandscape');
    expect(videoProblem(file('video/mp4', 1000), { ...LANDSCAPE, width: 720, height: 720 })).toBe('adForm.video.notLandscape');
  });

  it('refuses a video whose metadata cannot be read', () => {
    expect(videoProblem(file('video/mp4', 1000), undefined)).toBe('adForm.video.unreadable');
  });
});

describe('photoProblem', () => {
  it('accepts JPEG and PNG up to 10 MB while fewer than 8 photos are there', () => {
    expect(photoProblem(file('image/jpeg', MAX_PHOTO_BYTES), 7)).toBeUndefined();
    expect(photoProblem(file('image/png', 1000), 0)).toBeUndefined();
  });

  it('refuses a ninth photo, another type, or more than 10 MB', () => {
    expect(photoProblem(file('image/jpeg', 1000), 8)).toBe('adForm.photos.tooMany');
    expect(photoProblem(file('image/gif', 1000), 0)).toBe('adForm.photos.type');
    expect(photoProblem(file('image/jpeg', MAX_PHOTO_BYTES + 1), 0)).toBe('adForm.photos.tooBig');
  });

  it("takes the ad's own allowance once a pack raised it (the server's packPhotos)", () => {
    expect(photoProblem(file('image/jpeg', 1000), 8, LIMITS.packPhotos)).toBeUndefined();
    expect(photoProblem(file('image/jpeg', 1000), LIMITS.packPhotos, LIMITS.packPhotos)).toBe('adForm.photos.tooMany');
  });
});
