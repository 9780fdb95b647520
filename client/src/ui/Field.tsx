// A labelled form control with its hint, its problem (translated, announced, linked with
// aria-describedby) and an optional live counter: the frame of the design system's text area,
// select and other controls. The control itself is given as a render function that receives
// the id and aria attributes to put on it. A counter given its words (`announce`) also says
// them politely to screen readers once the person pauses typing.

import { useEffect, useId, useState, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Already translated. */
  hint?: ReactNode;
  /** Already translated. */
  problem?: string;
  required?: boolean;
  /** "12 / 100" under the control, at its end; `announce` ("12 caractères sur 100"), already
   * translated, is said politely after a pause in typing. */
  counter?: { count: number; max: number; announce?: string };
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** How long the typing must pause before the counter is said (ms). */
export const COUNTER_PAUSE_MS = 700;

/** `text` once it has stayed the same for `delay` ms. */
function useSettled(text: string | undefined, delay: number): string | undefined {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(text);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [text, delay]);
  return settled;
}

export function Field({ label, hint, problem, required, counter, className, children }: FieldProps) {
  const id = useId();
  const announced = useSettled(counter?.announce, COUNTER_PAUSE_MS);
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [problem ? problemId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      {problem || hint || counter ? (
        <div className="ui-field__footer">
          <div>
            {problem ? (
              <p id={problemId} className="ui-field__problem" aria-live="polite">
                {problem}
              </p>
            ) : null}
            {hint ? (
              <p id={hintId} className="ui-field__hint">
                {hint}
              </p>
            ) : null}
          </div>
          {counter ? (
            // Left to right in both languages: "45 / 100", never "100 / 45" in Arabic.
            <span className={counter.count > counter.max ? 'ui-field__counter ui-field__counter--over' : 'ui-field__counter'} dir="ltr" aria-hidden="true">
              {`${String(counter.count)} / ${String(counter.max)}`}
            </span>
          ) : null}
          {counter?.announce !== undefined ? (
            <span className="visually-hidden" aria-live="polite">
              {announced}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type FrameProps = Omit<FieldProps, 'children'>;

export interface TextAreaProps extends FrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  value: string;
  onValueChange: (value: string) => void;
}

export function TextArea({ label, hint, problem, required, counter, className, value, onValueChange, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} problem={problem} required={required} counter={counter} className={className}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          dir={textarea.dir ?? 'auto'}
          className="ui-field__control"
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  value: string;
  options: SelectOption[];
  /** The empty first choice ("Choisir"), already translated. */
  placeholder?: string;
  onValueChange: (value: string) => void;
}

export function Select({ label, hint, problem, required, className, value, options, placeholder, onValueChange, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} problem={problem} required={required} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          className="ui-field__control"
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
