// Sending one file to a REST upload endpoint of `souk serve` (multipart `file` plus any text
// fields, bearer token) with XMLHttpRequest, so that the progress can be shown; the server's
// refusal comes back as an UploadError carrying its §8 message key.

import { accessToken } from './identity';

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey?: string,
    readonly wording?: string,
  ) {
    super(wording ?? `upload failed (${String(status)})`);
  }
}

/** Posts `file` to `url`, reporting progress from 0 to 1; resolves with the JSON answer of a 2xx. */
export function postFile(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = accessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body);
      } else {
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        reject(new UploadError(xhr.status, text(body.messageKey), text(body.wording) ?? text(body.message)));
      }
    };
    xhr.onerror = () => {
      reject(new UploadError(0, 'common.error.network'));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}
