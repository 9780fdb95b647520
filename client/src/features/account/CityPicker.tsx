// The city of a new account (spec §5 "city must be chosen"): a select filled from
// getCitiesFormattedNext (every city, alphabetical in the page's language), with its loading
// and error states. The server allows windows of at most 100 cities; the reference data has
// 86, so one window holds them all.

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useGetCitiesFormattedNextQuery } from '../../api/catalog';
import type { MessageId } from '../../app/i18n';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';

const WINDOW = { startIndex: 0, stopIndex: 99 } as const;

export interface CityPickerProps {
  value: number | undefined;
  onChange: (cityId: number | undefined) => void;
  onBlur?: () => void;
  problem?: MessageId;
}

export function CityPicker({ value, onChange, onBlur, problem }: CityPickerProps) {
  const intl = useIntl();
  const language = useLanguage();
  const id = useId();
  const { currentData, isError, error, refetch } = useGetCitiesFormattedNextQuery({ lang: language, ...WINDOW });
  const label = intl.formatMessage({ id: 'signup.city' });

  if (isError && !currentData) {
    return (
      <div className="field">
        <span className="field__label">{label}</span>
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'signup.city.loading' })} />;

  const cities = currentData.cities.filter((city) => city.type === 'city');
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value === undefined ? '' : String(value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          const chosen = Number.parseInt(event.target.value, 10);
          onChange(Number.isNaN(chosen) ? undefined : chosen);
        }}
        onBlur={onBlur}
      >
        <option value="">{intl.formatMessage({ id: 'signup.city.choose' })}</option>
        {cities.map((city) => (
          <option key={city.value} value={city.value}>
            {city.label}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={problemId} className="field__problem">
          {intl.formatMessage({ id: problem })}
        </p>
      ) : null}
    </div>
  );
}
