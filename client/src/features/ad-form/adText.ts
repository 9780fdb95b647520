// The spec §5 ad text rules, mirrored from the server (domain/src/ad_text.rs) so they show as
// the person types: no forbidden character (! = " : ; _ , % + and the Arabic comma and
// semicolon), no e-mail, no phone number (nine digits or more, one separator allowed between
// groups), no link; title 5-100 characters, description 10-4000.

import type { MessageId } from '../../app/i18n';

export const FORBIDDEN_CHARS = ['!', '=', '"', ':', ';', '_', ',', '%', '+', '،', '؛'];
const LINK_TLDS = ['ma', 'com', 'net', 'org', 'fr', 'io', 'info', 'co'];
export const TITLE_LENGTH = { min: 5, max: 100 } as const;
export const DESCRIPTION_LENGTH = { min: 10, max: 4000 } as const;

function looksLikePhone(text: string): boolean {
  const chars = Array.from(text);
  let run = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i] ?? '';
    if (/[0-9]/.test(c)) {
      run += 1;
      if (run >= 9) return true;
    } else {
      const joins = [' ', '.', '-', '/', '\u00a0'].includes(c) && /[0-9]/.test(chars[i - 1] ?? '') && /[0-9]/.test(chars[i + 1] ?? '');
      if (!joins) run = 0;
    }
  }
  return false;
}

function looksLikeLink(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes('http') || lower.includes('www') || lower.includes('://')) return true;
  const chars = Array.from(lower);
  for (let i = 1; i < chars.length; i += 1) {
    if (chars[i] !== '.' || !/[\p{L}\p{N}]/u.test(chars[i - 1] ?? '')) continue;
    const tail = /^[a-z]*/.exec(chars.slice(i + 1).join(''))?.[0] ?? '';
    if (LINK_TLDS.includes(tail)) return true;
  }
  return false;
}

/** The first rule the text breaks (a message id), or undefined. */
export function adTextProblem(text: string): MessageId | undefined {
  if (Array.from(text).some((c) => FORBIDDEN_CHARS.includes(c))) return 'validation.text.noSpecialCharacters';
  if (text.includes('@')) return 'validation.text.noEmail';
  if (looksLikePhone(text)) return 'validation.text.noPhone';
  if (looksLikeLink(text)) return 'validation.text.noLink';
  return undefined;
}

export function lengthProblem(text: string, limits: { min: number; max: number }): MessageId | undefined {
  const length = Array.from(text.trim()).length;
  if (length < limits.min) return 'adForm.tooShort';
  if (length > limits.max) return 'adForm.tooLong';
  return undefined;
}
