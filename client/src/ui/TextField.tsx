// A labelled input with its validation message, linked for assistive technology
// (aria-invalid, aria-describedby). The message is translated from its key.

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
