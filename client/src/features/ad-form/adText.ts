// The spec §5 ad text rules, mirrored from the server (domain/src/ad_text.rs, decision in
// docs/ads.md "Text rules") so that they show while the person types: no e-mail, no phone
// number (nine digits or more, one separator allowed between groups), no link anywhere; a title
// also refuses ! = " : ; _ , % + and the Arabic comma and semicolon, while a description is
// prose and refuses only = and _. The lengths come from the server's rules (LIMITS). Both this
// file's tests and the server's read the same examples (domain/src/ad_text_cases.json).

import type { MessageId } from '../../app/i18n';
import { LIMITS } from '../../app/rules';

/** The characters a title (or a name) refuses. */
export const TITLE_FORBIDDEN_CHARS = ['!', '=', '"', ':', ';', '_', ',', '%', '+', '،', '؛'];
/** The characters a description refuses: pieces of links' queries and handles, not punctuation. */
export const DESCRIPTION_FORBIDDEN_CHARS = ['=', '_'];
const LINK_TLDS = ['ma', 'com', 'net', 'org', 'fr', 'io', 'info', 'co'];
export const TITLE_LENGTH = { min: LIMITS.adTitleMin, max: LIMITS.adTitleMax } as const;
export const DESCRIPTION_LENGTH = { min: LIMITS.adDescriptionMin, max: LIMITS.adDescriptionMax } as const;

export type TextKind = 'title' | 'description';

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
export function adTextProblem(text: string, kind: TextKind = 'title'): MessageId | undefined {
  const forbidden = kind === 'title' ? TITLE_FORBIDDEN_CHARS : DESCRIPTION_FORBIDDEN_CHARS;
  if (Array.from(text).some((c) => forbidden.includes(c))) {
    return kind === 'title' ? 'validation.text.noSpecialCharacters' : 'adForm.description.noCodeCharacters';
  }
  if (text.includes('@')) return 'validation.text.noEmail';
  if (looksLikePhone(text)) return 'validation.text.noPhone';
  if (looksLikeLink(text)) return 'validation.text.noLink';
  return undefined;
}

/** The length in characters as the server counts it (trimmed, code points). */
export function textLength(text: string): number {
  return Array.from(text.trim()).length;
}

export function lengthProblem(text: string, limits: { min: number; max: number }): MessageId | undefined {
  const length = textLength(text);
  if (length === 0) return 'validation.required';
  if (length < limits.min) return 'adForm.tooShort';
  if (length > limits.max) return 'adForm.tooLong';
  return undefined;
}

/** What is wrong with a title or description, length first (what the server answers first). */
export function textProblem(text: string, kind: TextKind): MessageId | undefined {
  return lengthProblem(text, kind === 'title' ? TITLE_LENGTH : DESCRIPTION_LENGTH) ?? adTextProblem(text, kind);
}
