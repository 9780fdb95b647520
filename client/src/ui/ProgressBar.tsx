// A progress bar of the design system (an upload's progress): the ARIA progressbar role with
// its value in percent and its name, drawn as a track and a bar that grows from the start side
// (right to left in Arabic), with the percentage written beside it.

import { useIntl } from 'react-intl';
import './ProgressBar.css';

export interface ProgressBarProps {
  /** What progresses ("Envoi de voiture.jpg"), already translated: the bar's accessible name. */
  label: string;
  /** From 0 to 1. */
  value: number;
  /** Shows the label above the bar (otherwise it is only the accessible name). */
  showLabel?: boolean;
  className?: string;
}

export function ProgressBar({ label, value, showLabel, className }: ProgressBarProps) {
  const intl = useIntl();
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={['progress', className].filter(Boolean).join(' ')}>
      {showLabel ? (
        <span className="progress__label" aria-hidden="true">
          {label}
        </span>
      ) : null}
      <span className="progress__row">
        <span className="progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="progress__bar" style={{ inlineSize: `${String(percent)}%` }} />
        </span>
        <span className="progress__value" aria-hidden="true">
          {intl.formatNumber(percent / 100, { style: 'percent' })}
        </span>
      </span>
    </div>
  );
}
