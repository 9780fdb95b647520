// The pre-approved credit request (spec §3: profession, credit amount, financing type, age,
// borrower profile; §5: age 18 to 100, amount valid; §8 "credit submit error"): a modal form
// opened from the loan simulator by a signed-in person. Each field is checked as the server
// checks it, with the same wording (the server's catalogue, generated); a refused or failed
// submission keeps what was typed and says so under the form; a sent one thanks and closes.

import { useId, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSubmitCreditRequestMutation, type BorrowerProfile, type CreditRequest, type FinancingType, type LoanOffer } from '../../api/credit';
import type { MessageId } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Modal } from '../../ui/Modal';
import { Amount } from '../../ui/Price';
import { TextField } from '../../ui/TextField';
import { monthlyPayment, wholeNumber, withCurrency } from './loan';

interface Values {
  profession: string;
  amount: string;
  financingType: FinancingType | '';
  age: string;
  borrowerProfile: BorrowerProfile | '';
}

type Problems = Partial<Record<keyof Values, MessageId>>;

/** Spec §5's rules on the form, in the server's order; the message keys of the broken ones. */
export function creditRequestProblems(values: Values, offer: LoanOffer): Problems {
  const problems: Problems = {};
  const profession = values.profession.trim().split(/\s+/).join(' ');
  if (profession === '') problems.profession = 'validation.required';
  else if (Array.from(profession).length > offer.professionMaxChars) problems.profession = 'credit.request.professionTooLong';
  const amount = wholeNumber(values.amount);
  if (amount === undefined || amount <= 0 || amount * 100 > offer.price.centimes) problems.amount = 'credit.error.amountInvalid';
  if (values.financingType === '') problems.financingType = 'validation.required';
  const age = wholeNumber(values.age);
  if (age === undefined || age < offer.creditAgeMin || age > offer.creditAgeMax) problems.age = 'credit.error.ageInvalid';
  if (values.borrowerProfile === '') problems.borrowerProfile = 'validation.required';
  return problems;
}

function Choice<T extends string>({
  label,
  value,
  options,
  optionLabel,
  problem,
  onChange,
}: {
  label: string;
  value: T | '';
  options: T[];
  optionLabel: (option: T) => string;
  problem?: MessageId;
  onChange: (value: T | '') => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          onChange(event.target.value as T | '');
        }}
      >
        <option value="">{intl.formatMessage({ id: 'credit.request.choose' })}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
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

export default function CreditRequestDialog({
  offer,
  downPayment,
  months,
  onClose,
}: {
  offer: LoanOffer;
  /** Whole DH. */
  downPayment: number;
  months: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const principalDh = Math.floor(offer.price.centimes / 100) - downPayment;
  const [values, setValues] = useState<Values>({ profession: '', amount: String(principalDh), financingType: '', age: '', borrowerProfile: '' });
  const [shown, setShown] = useState<Problems>({});
  const [send, sending] = useSubmitCreditRequestMutation();
  const [done, setDone] = useState<CreditRequest | undefined>();
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setShown((current) => ({ ...current, [name]: undefined }));
  };
  const amount = wholeNumber(values.amount) ?? 0;
  const monthly = monthlyPayment(Math.max(0, amount) * 100, offer.rateBasisPoints, months);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problems = creditRequestProblems(values, offer);
    setShown(problems);
    if (Object.keys(problems).length > 0 || values.financingType === '' || values.borrowerProfile === '') return;
    send({
      input: {
        listId: offer.listId,
        downPayment,
        months,
        profession: values.profession.trim(),
        amount,
        financingType: values.financingType,
        age: wholeNumber(values.age) ?? 0,
        borrowerProfile: values.borrowerProfile,
      },
    })
      .unwrap()
      .then(setDone)
      .catch(() => undefined);
  };

  return (
    <Modal title={intl.formatMessage({ id: 'credit.request.title' })} onClose={onClose}>
      {done ? (
        <div className="credit-request credit-request--sent" role="status">
          <h3 className="credit-request__sent-title">{intl.formatMessage({ id: 'credit.request.sent.title' })}</h3>
          <p>{intl.formatMessage({ id: 'credit.request.sent.text' })}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {intl.formatMessage({ id: 'credit.request.close' })}
          </button>
        </div>
      ) : (
        <form className="form credit-request" onSubmit={submit} noValidate>
          <p className="credit-request__summary">
            {intl.formatMessage(
              { id: 'credit.request.summary' },
              { price: <Amount key="a" text={withCurrency(amount * 100)} />, n: months, value: <Amount key="m" text={withCurrency(monthly)} /> },
            )}
          </p>
          <TextField
            label={intl.formatMessage({ id: 'credit.request.profession' })}
            dir="auto"
            autoComplete="organization-title"
            value={values.profession}
            onValueChange={(v) => {
              set('profession', v);
            }}
            problem={shown.profession}
          />
          <TextField
            label={intl.formatMessage({ id: 'credit.request.amount' })}
            inputMode="numeric"
            dir="ltr"
            value={values.amount}
            onValueChange={(v) => {
              set('amount', v);
            }}
            problem={shown.amount}
          />
          <Choice
            label={intl.formatMessage({ id: 'credit.request.financingType' })}
            value={values.financingType}
            options={offer.financingTypes}
            optionLabel={(option) => intl.formatMessage({ id: `credit.request.financing.${option}` as MessageId })}
            problem={shown.financingType}
            onChange={(v) => {
              set('financingType', v);
            }}
          />
          <TextField
            label={intl.formatMessage({ id: 'credit.request.age' })}
            inputMode="numeric"
            dir="ltr"
            value={values.age}
            onValueChange={(v) => {
              set('age', v);
            }}
            problem={shown.age}
          />
          <Choice
            label={intl.formatMessage({ id: 'credit.request.profile' })}
            value={values.borrowerProfile}
            options={offer.borrowerProfiles}
            optionLabel={(option) => intl.formatMessage({ id: `credit.request.profile.${option}` as MessageId })}
            problem={shown.borrowerProfile}
            onChange={(v) => {
              set('borrowerProfile', v);
            }}
          />
          {sending.isError ? (
            <div className="credit-request__error">
              <p className="credit-request__error-title">{intl.formatMessage({ id: 'credit.request.submitError' })}</p>
              <ErrorMessage error={sending.error} />
            </div>
          ) : null}
          <button type="submit" className="button button--primary" disabled={sending.isLoading}>
            {intl.formatMessage({ id: sending.isLoading ? 'credit.request.sending' : 'credit.request.submit' })}
          </button>
        </form>
      )}
    </Modal>
  );
}
