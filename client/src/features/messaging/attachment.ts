// The client-side check of a chat attachment (docs/realtime.md: images and PDF under 5 MB);
// the server checks again.

import { LIMITS } from '../../app/rules';

export const MAX_ATTACHMENT_BYTES = LIMITS.attachmentMaxBytes;

/** The types the server accepts (docs/realtime.md, chat:send). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];

export type AttachmentProblem = 'type' | 'size';

/** Why `file` cannot be sent, or `undefined` when it can. */
export function attachmentProblem(file: { type: string; size: number }): AttachmentProblem | undefined {
  if (!ATTACHMENT_TYPES.includes(file.type)) return 'type';
  if (file.size >= MAX_ATTACHMENT_BYTES) return 'size';
  return undefined;
}

/** The bytes of `file` (FileReader: every browser, and the test environment, has it). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(reader.result);
      else reject(new Error('not read as bytes'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable file'));
    };
    reader.readAsArrayBuffer(file);
  });
}
