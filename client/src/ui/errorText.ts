// Turns any failure into the sentence shown to a person: the translation of its message key
// when the locale has one, else the server's own wording, else the generic error (spec §8).

import type { IntlShape } from 'react-intl';
import { isGatewayError } from '../api/gateway';
import { UploadError } from '../api/upload';
import type { MessageId } from '../app/i18n';

export function hasMessage(intl: IntlShape, key: string): key is MessageId {
  return Object.prototype.hasOwnProperty.call(intl.messages, key);
}

/** The numbers and words an error's wording quotes (`{days}`, `{units}`), from its extensions. */
function quotedValues(extensions: Record<string, unknown> | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(extensions ?? {})) {
    if (typeof value === 'number' || typeof value === 'string') values[name] = value;
  }
  return values;
}

export function errorText(intl: IntlShape, error: unknown): string {
  if (isGatewayError(error)) {
    if (error.messageKey && hasMessage(intl, error.messageKey)) {
      return intl.formatMessage({ id: error.messageKey }, quotedValues(error.extensions));
    }
    if (error.message) return error.message;
  }
  if (error instanceof UploadError) {
    if (error.messageKey && hasMessage(intl, error.messageKey)) return intl.formatMessage({ id: error.messageKey });
    if (error.wording) return error.wording;
  }
  return intl.formatMessage({ id: 'common.error.generic' });
}
