// The steps of a multi-step form, numbered, the current one marked (aria-current="step") and
// the ones before it shown as done. On a phone only the current step's name shows.

export interface StepperProps {
  /** The steps' names, already translated. */
  steps: string[];
  /** 1-based. */
  current: number;
  label: string;
}

export function Stepper({ steps, current, label }: StepperProps) {
  return (
    <ol className="stepper" aria-label={label}>
      {steps.map((name, index) => {
        const n = index + 1;
        const done = n < current;
        return (
          <li key={name} className={done ? 'stepper__step stepper__step--done' : 'stepper__step'} aria-current={n === current ? 'step' : undefined}>
            <span className="stepper__number" aria-hidden="true">
              {n}
            </span>
            <span className="stepper__label">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}
