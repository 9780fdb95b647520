// The shop's category at sign-up (spec §2 "shop sign-up with category"): a select of the
// categories under each vertical, grouped by vertical, from getCategories.

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useGetCategoriesQuery } from '../../api/catalog';
import type { MessageId } from '../../app/i18n';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';

export interface ShopCategoryPickerProps {
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
  problem?: MessageId;
}

export function ShopCategoryPicker({ value, onChange, problem }: ShopCategoryPickerProps) {
  const intl = useIntl();
  const language = useLanguage();
  const id = useId();
  const { currentData, isError, error, refetch } = useGetCategoriesQuery({ lang: language });
  const label = intl.formatMessage({ id: 'signup.shopCategory' });

  if (isError && !currentData) {
    return (
      <div className="field">
        <span className="field__label">{label}</span>
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'home.categories.loading' })} />;

  const verticals = currentData.filter((category) => category.parentId === null);
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
      >
        <option value="">{intl.formatMessage({ id: 'signup.shopCategory.choose' })}</option>
        {verticals.map((vertical) => (
          <optgroup key={vertical.id} label={vertical.name}>
            {currentData
              .filter((category) => category.parentId === vertical.id)
              .map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
          </optgroup>
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
