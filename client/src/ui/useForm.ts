// Form state for the small forms of the app: values, which fields the person has typed in or
// left, and the spec §5 problems of those fields, recomputed as they type. Submitting marks
// every field so that all remaining problems show at once.

import { useCallback, useMemo, useState } from 'react';
import type { MessageId } from '../app/i18n';

export type Problems<T> = Partial<Record<keyof T, MessageId | undefined>>;

export interface Form<T> {
  values: T;
  /** Problems of the fields to show now (touched fields, or all after a submit attempt). */
  shown: Problems<T>;
  set: <K extends keyof T>(name: K, value: T[K]) => void;
  touch: (name: keyof T) => void;
  /** Marks every field; true when nothing is wrong. */
  validateAll: () => boolean;
}

export function useForm<T extends object>(initial: T, validate: (values: T) => Problems<T>): Form<T> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const problems = useMemo(() => validate(values), [validate, values]);

  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);
  const touch = useCallback((name: keyof T) => {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const shown = useMemo(() => {
    const result: Problems<T> = {};
    for (const key of Object.keys(problems) as (keyof T)[]) {
      if (submitted || touched[key]) result[key] = problems[key];
    }
    return result;
  }, [problems, submitted, touched]);

  const validateAll = useCallback(() => {
    setSubmitted(true);
    return Object.values(problems).every((problem) => problem === undefined);
  }, [problems]);

  return { values, shown, set, touch, validateAll };
}
