// The shop's category at sign-up (spec §2 "shop sign-up with category"): a select of every
// category under each vertical (groups, then their categories, in display order), grouped by
// vertical, from getCategories.

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useGetCategoriesQuery, type Category } from '../../api/catalog';
import type { MessageId } from '../../app/i18n';
import { useLanguage } from '../../app/i18n';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { buildCategoryTree, type CategoryNode } from '../home/categoryTree';

/** The categories of a subtree, each before its own children. */
function flatten(nodes: readonly CategoryNode[]): Category[] {
  return nodes.flatMap(({ category, children }) => [category, ...flatten(children)]);
}

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

  const verticals = buildCategoryTree(currentData);
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
        {verticals.map(({ category: vertical, children }) => (
          <optgroup key={vertical.id} label={vertical.name}>
            {flatten(children).map((category) => (
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
