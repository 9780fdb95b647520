// A labelled input with its validation message, linked for assistive technology
// (aria-invalid, aria-describedby). The message is translated from its key. Phone numbers,
// e-mail addresses and links are typed left to right in both languages (an Arabic field would
// show "06 12 34 56 78" as "78 56 34 12 06"), aligned with the field's label (styles.css).

import { useId, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../app/i18n';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  problem?: MessageId;
  /** A hint shown under the field, already translated. */
  hint?: string;
}

/** Input types whose text is left to right whatever the page's language. */
const LEFT_TO_RIGHT_TYPES = new Set(['tel', 'email', 'url']);

export function TextField({ label, value, onValueChange, problem, hint, ...input }: TextFieldProps) {
  const intl = useIntl();
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : undefined, problem ? problemId : undefined].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        dir={input.dir ?? (LEFT_TO_RIGHT_TYPES.has(input.type ?? '') ? 'ltr' : undefined)}
        id={id}
        className="field__input"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="field__problem">
          {intl.formatMessage({ id: problem })}
        </p>
      ) : null}
    </div>
  );
}
