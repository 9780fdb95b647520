// A check box with its label (and an optional detail line under it), styled by ui.css.

import type { InputHTMLAttributes, ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked'> {
  label: ReactNode;
  detail?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Checkbox({ label, detail, checked, onCheckedChange, className, ...input }: CheckboxProps) {
  return (
    <label className={className ? `ui-checkbox ${className}` : 'ui-checkbox'}>
      <input
        {...input}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onCheckedChange(event.target.checked);
        }}
      />
      <span className="ui-checkbox__text">
        <span>{label}</span>
        {detail ? <span className="ui-checkbox__detail">{detail}</span> : null}
      </span>
    </label>
  );
}
