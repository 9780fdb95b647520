// A choice of one among a few, each a card (a label around a real radio button, so the
// keyboard and screen readers work as with any radio group), inside a fieldset and legend.

import { useId, type ReactNode } from 'react';

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  detail?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps {
  legend: ReactNode;
  value: string | undefined;
  options: RadioCardOption[];
  onValueChange: (value: string) => void;
  name?: string;
}

export function RadioCards({ legend, value, options, onValueChange, name }: RadioCardsProps) {
  const generated = useId();
  const group = name ?? generated;
  return (
    <fieldset className="radio-cards">
      <legend className="radio-cards__legend">{legend}</legend>
      <div className="radio-cards__list">
        {options.map((option) => (
          <label key={option.value} className="radio-card">
            <input
              type="radio"
              name={group}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => {
                onValueChange(option.value);
              }}
            />
            <span className="radio-card__text">
              <span>{option.label}</span>
              {option.detail ? <span className="radio-card__detail">{option.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
