// Left-to-right text (phone numbers, e-mail addresses) inside a sentence that may be Arabic:
// wrapped in Unicode isolates so that its punctuation stays with it and the sentence's own
// direction is untouched ("…إلى الرقم 0612345678." rather than ".0612345678").

const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolateLtr(text: string): string {
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
