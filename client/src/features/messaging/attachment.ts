// The client-side check of a chat attachment (docs/realtime.md: images and PDF under 5 MB);
// the server checks again.

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** The types the server accepts (docs/realtime.md, chat:send). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];

export type AttachmentProblem = 'type' | 'size';

/** Why `file` cannot be sent, or `undefined` when it can. */
export function attachmentProblem(file: { type: string; size: number }): AttachmentProblem | undefined {
  if (!ATTACHMENT_TYPES.includes(file.type)) return 'type';
  if (file.size >= MAX_ATTACHMENT_BYTES) return 'size';
  return undefined;
}
