// A select one types into (the ARIA 1.2 combobox pattern): the field shows the chosen option,
// typing filters the options (ignoring case, accents and the Arabic letter variants a person
// may type either way — for matching only, what is typed is never rewritten), arrows move,
// Enter chooses, Escape closes. Used for the ad form's category and city and the header's city.

import { useId, useMemo, useRef, useState, type ReactNode } from 'react';

export interface SearchableOption {
  value: string;
  label: string;
  /** A second line (the parent category…), already translated. */
  detail?: string;
}

export interface SearchableSelectProps {
  label: ReactNode;
  options: SearchableOption[];
  value: string;
  onValueChange: (value: string) => void;
  /** Shown in the empty field, already translated. */
  placeholder?: string;
  /** Shown when nothing matches, already translated. */
  noMatch: string;
  problem?: string;
  hint?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Hides the label (the header's compact search); it stays for assistive technology. */
  hideLabel?: boolean;
  className?: string;
  /** At most this many options show at once (typing narrows them). */
  limit?: number;
}

/** The form of a text used to compare it: lower case, no accents, Arabic letter variants joined. */
export function matchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .trim();
}

export function filterOptions(options: SearchableOption[], query: string): SearchableOption[] {
  const key = matchKey(query);
  if (!key) return options;
  const starts: SearchableOption[] = [];
  const contains: SearchableOption[] = [];
  for (const option of options) {
    const label = matchKey(option.label);
    if (label.startsWith(key)) starts.push(option);
    else if (label.includes(key) || matchKey(option.detail ?? '').includes(key)) contains.push(option);
  }
  return [...starts, ...contains];
}

export function SearchableSelect({
  label,
  options,
  value,
  onValueChange,
  placeholder,
  noMatch,
  problem,
  hint,
  disabled,
  required,
  hideLabel,
  className,
  limit = 60,
}: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => filterOptions(options, query ?? '').slice(0, limit), [options, query, limit]);
  const text = query ?? selected?.label ?? '';

  const choose = (option: SearchableOption) => {
    onValueChange(option.value);
    setQuery(undefined);
    setOpen(false);
  };
  const describedBy = [problem ? problemId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');

  return (
    <div className={['ui-field', 'combobox', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="combobox__input"
        type="text"
        role="combobox"
        autoComplete="off"
        dir="auto"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? `${id}-option-${String(active)}` : undefined}
        aria-invalid={problem ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy || undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onFocus={() => {
          setOpen(true);
        }}
        onClick={() => {
          setOpen(true);
        }}
        onBlur={() => {
          // A chosen option is chosen on mouse down, before the blur; anything else typed is dropped.
          setOpen(false);
          setQuery(undefined);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '' && value !== '') onValueChange('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open) setOpen(true);
            else setActive((current) => Math.min(shown.length - 1, current + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((current) => Math.max(0, current - 1));
          } else if (event.key === 'Enter') {
            const option = shown[active];
            if (open && option) {
              event.preventDefault();
              choose(option);
            }
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            setOpen(false);
            setQuery(undefined);
          }
        }}
      />
      {open ? (
        <ul id={listId} className="combobox__list" role="listbox" aria-label={typeof label === 'string' ? label : undefined}>
          {shown.length === 0 ? (
            <li className="combobox__empty" role="presentation">
              {noMatch}
            </li>
          ) : (
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-option-${String(index)}`}
                role="option"
                aria-selected={option.value === value}
                className={index === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => {
                  setActive(index);
                }}
              >
                <bdi>{option.label}</bdi>
                {option.detail ? <span className="combobox__option-detail">{option.detail}</span> : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
      {problem ? (
        <p id={problemId} className="ui-field__problem">
          {problem}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
