// The car valuation's steps (/estimation; issue 25, spec §3 input, §5 rules): the car (brand,
// model from the car catalogue, fuel, gearbox, year and optional phase, version), its characteristics (real and
// fiscal power, origin, mileage), its condition (optional mechanical and body condition, warning
// lights) and the reason of interest, the contact (name, phone, e-mail, terms), then the summary.
// Each step is checked before the next; the server checks again, and its refusal (a rule, "limit
// reached", "could not evaluate") shows on the summary with what was typed kept. A made estimate
// opens its page in "my estimations". Behind sign-in (/connexion).

import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useGetCarBrandsQuery, useGetCarFuelsQuery, useGetCarGearboxesQuery, useGetCarModelsQuery, type SourceChoice } from '../../api/cars';
import { useGetValuationRulesQuery, useRequestValuationMutation } from '../../api/valuation';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { buttonClass } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Stepper } from '../../ui/Stepper';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { EMPTY_VALUES, STEP_FIELDS, toInput, valuationProblems, wholeNumber, type Problems, type ValuationValues } from './valuationForm';
import './valuation.css';

/** A whole number as typed ("60000", "60 000"), shown in the language's grouping; as typed otherwise. */
function formatWhole(format: (n: number) => string, text: string): string {
  const n = wholeNumber(text);
  return n === undefined ? text : format(n);
}

function Select({
  label,
  value,
  choices,
  problem,
  optional,
  onChange,
}: {
  label: string;
  value: string;
  choices: SourceChoice[];
  problem?: MessageId;
  optional?: boolean;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="valuation__optional"> {intl.formatMessage({ id: 'valuation.optional' })}</span> : null}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{intl.formatMessage({ id: 'valuation.choose' })}</option>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.label}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-problem`} className="field__problem">
          {intl.formatMessage({ id: problem })}
        </p>
      ) : null}
    </div>
  );
}

const STEP_NAMES: MessageId[] = ['valuation.step.car', 'valuation.step.details', 'valuation.step.condition', 'valuation.step.contact', 'valuation.step.summary'];

export default function ValuationStepsPage() {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  useDocumentTitle(intl.formatMessage({ id: 'valuation.steps.documentTitle' }));
  const rules = useGetValuationRulesQuery(undefined);
  const brands = useGetCarBrandsQuery(undefined);
  const [values, setValues] = useState<ValuationValues>(EMPTY_VALUES);
  const models = useGetCarModelsQuery({ brand: values.brand }, { skip: values.brand === '' });
  const fuels = useGetCarFuelsQuery({ lang: language });
  const gearboxes = useGetCarGearboxesQuery({ lang: language });
  const [step, setStep] = useState(1);
  const [shown, setShown] = useState<Problems>({});
  const [send, sending] = useRequestValuationMutation();

  if (rules.error) return <ErrorMessage error={rules.error} onRetry={() => void rules.refetch()} />;
  if (!rules.data) return <Loader />;
  const r = rules.data;

  const set = <K extends keyof ValuationValues>(name: K, value: ValuationValues[K]) => {
    setValues((current) => ({ ...current, [name]: value, ...(name === 'brand' ? { model: '' } : {}) }));
    setShown((current) => ({ ...current, [name]: undefined }));
  };
  const keyed = (prefix: string, keys: string[]): SourceChoice[] =>
    keys.map((key) => ({ key, label: intl.formatMessage({ id: `${prefix}.${key}` as MessageId }) }));
  const label = (id: MessageId) => intl.formatMessage({ id });
  const years: SourceChoice[] = [];
  for (let y = r.yearMax; y >= r.yearMin; y -= 1) years.push({ key: String(y), label: String(y) });

  const next = (event: SyntheticEvent) => {
    event.preventDefault();
    const problems = valuationProblems(values, r, STEP_FIELDS[step - 1]);
    setShown(problems);
    if (Object.keys(problems).length === 0) setStep(step + 1);
  };
  const submit = () => {
    send({ input: toInput(values) })
      .unwrap()
      .then((made) => {
        void navigate(`${localized(language, PATHS.valuationDetails)}/${made.id}?nouvelle=1`);
      })
      .catch(() => undefined);
  };
  const text = (name: keyof ValuationValues, id: MessageId, props: { inputMode?: 'numeric'; type?: string; dir?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label(id)}
      value={String(values[name])}
      onValueChange={(v) => {
        set(name, v as never);
      }}
      problem={shown[name]}
      {...props}
    />
  );
  const choice = (name: keyof ValuationValues, id: MessageId, choices: SourceChoice[], optional = false) => (
    <Select
      label={label(id)}
      value={String(values[name])}
      choices={choices}
      problem={shown[name]}
      optional={optional}
      onChange={(v) => {
        set(name, v as never);
      }}
    />
  );
  const find = (choices: SourceChoice[] | undefined, key: string) => choices?.find((c) => c.key === key)?.label ?? key;

  let body: ReactNode;
  if (step === 1) {
    body = (
      <>
        {choice('brand', 'valuation.field.brand', brands.data ?? [])}
        {choice('model', 'valuation.field.model', models.data ?? [])}
        {choice('fuel', 'valuation.field.fuel', fuels.data ?? [])}
        {choice('gearbox', 'valuation.field.gearbox', gearboxes.data ?? [])}
        {choice('year', 'valuation.field.year', years)}
        {choice('phase', 'valuation.field.phase', keyed('valuation.phase', r.phases), true)}
        {text('version', 'valuation.field.version', { dir: 'auto' })}
      </>
    );
  } else if (step === 2) {
    body = (
      <>
        {text('realPower', 'valuation.field.realPower', { inputMode: 'numeric', dir: 'ltr' })}
        {text('fiscalPower', 'valuation.field.fiscalPower', { inputMode: 'numeric', dir: 'ltr' })}
        {choice('origin', 'valuation.field.origin', keyed('valuation.origin', r.origins))}
        {text('mileage', 'valuation.field.mileage', { inputMode: 'numeric', dir: 'ltr' })}
      </>
    );
  } else if (step === 3) {
    body = (
      <>
        {choice('mechanicalCondition', 'valuation.field.mechanicalCondition', keyed('valuation.condition', r.conditions), true)}
        {choice('bodyCondition', 'valuation.field.bodyCondition', keyed('valuation.condition', r.conditions), true)}
        {choice('warningLights', 'valuation.field.warningLights', keyed('valuation.warningLights', r.warningLights), true)}
        {choice('reason', 'valuation.field.reason', keyed('valuation.reason', r.reasons))}
      </>
    );
  } else if (step === 4) {
    body = (
      <>
        {text('contactName', 'valuation.field.contactName', { autoComplete: 'name', dir: 'auto' })}
        {text('phone', 'valuation.field.phone', { type: 'tel', autoComplete: 'tel' })}
        {text('email', 'valuation.field.email', { type: 'email', autoComplete: 'email' })}
        <Checkbox
          label={label('valuation.field.terms')}
          checked={values.termsAccepted}
          onCheckedChange={(v) => {
            set('termsAccepted', v);
          }}
          aria-invalid={shown.termsAccepted ? true : undefined}
        />
        {shown.termsAccepted ? <p className="field__problem">{label(shown.termsAccepted)}</p> : null}
      </>
    );
  } else {
    const rows: [MessageId, string][] = [
      ['valuation.field.brand', find(brands.data, values.brand)],
      ['valuation.field.model', find(models.data, values.model)],
      ['valuation.field.fuel', find(fuels.data, values.fuel)],
      ['valuation.field.gearbox', find(gearboxes.data, values.gearbox)],
      ['valuation.field.year', values.year],
      ['valuation.field.phase', values.phase === '' ? label('valuation.unknown') : label(`valuation.phase.${values.phase}` as MessageId)],
      ['valuation.field.version', values.version],
      ['valuation.field.realPower', values.realPower],
      ['valuation.field.fiscalPower', values.fiscalPower],
      ['valuation.field.origin', label(`valuation.origin.${values.origin}` as MessageId)],
      ['valuation.field.mileage', formatWhole(intl.formatNumber, values.mileage)],
      ['valuation.field.reason', label(`valuation.reason.${values.reason}` as MessageId)],
      ['valuation.field.contactName', values.contactName],
      ['valuation.field.phone', values.phone],
      ['valuation.field.email', values.email],
    ];
    body = (
      <>
        <dl className="valuation-summary">
          {rows.map(([id, value]) => (
            <div key={id} className="valuation-summary__row">
              <dt>{label(id)}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        {sending.isError ? (
          <div className="valuation__error">
            <ErrorMessage error={sending.error} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <main className="valuation valuation-steps">
      <h1>{label('valuation.steps.title')}</h1>
      <Stepper steps={STEP_NAMES.map(label)} current={step} label={label('valuation.steps.progress')} />
      <form
        className="form valuation-steps__form"
        noValidate
        onSubmit={
          step < 5
            ? next
            : (event) => {
                event.preventDefault();
                submit();
              }
        }
      >
        <h2 className="valuation-steps__step-title">{label(STEP_NAMES[step - 1] ?? 'valuation.step.summary')}</h2>
        {body}
        <div className="valuation-steps__actions">
          {step > 1 ? (
            <button
              type="button"
              className={buttonClass({ weight: 'ghost' })}
              onClick={() => {
                setShown({});
                setStep(step - 1);
              }}
            >
              {label('valuation.back')}
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={sending.isLoading}>
            {label(step < 5 ? 'valuation.next' : sending.isLoading ? 'valuation.sending' : 'valuation.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
