// The listing's filters (spec §2 "Listing: filters"): keyword, category, ad type, city and area,
// price, the vertical's parameters (vehicles: brand, model, year, mileage; real estate: rooms,
// surface), flags, seller kind and sort. Checked as typed in the §8 wording of the server's
// catalogue (search.error.priceRange, search.error.range) before anything is sent; a submit
// opens the canonical listing address of the new search (its first page).

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useGetAreasQuery, type Area, type Category, type FormattedLocation } from '../../api/catalog';
import type { SearchFilters, SearchSort } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import type { MessageId } from '../../app/i18n';
import { REAL_ESTATE_ID, rootOf, VEHICLES_ID } from './listingRefs';
import { compactFilters, type FlagParam, type NumberParam } from './listingUrl';
import { LIMITS } from '../../app/rules';

const MAX_PRICE_DH = LIMITS.priceMaxDh;

interface Props {
  filters: SearchFilters;
  sort: SearchSort;
  categories: readonly Category[];
  cities: readonly FormattedLocation[];
  onSearch: (filters: SearchFilters, sort: SearchSort, areas: readonly Area[]) => void;
}

type Ranges = [NumberParam, NumberParam, MessageId][];

const VEHICLE_RANGES: Ranges = [
  ['yearMin', 'yearMax', 'listing.filter.year'],
  ['mileageMin', 'mileageMax', 'listing.filter.mileage'],
];
const REAL_ESTATE_RANGES: Ranges = [
  ['roomsMin', 'roomsMax', 'listing.filter.rooms'],
  ['surfaceMin', 'surfaceMax', 'listing.filter.surface'],
];
const FLAGS: FlagParam[] = ['withPhotos', 'delivery', 'urgent', 'hotdeal', 'verifiedSeller'];
const SORTS: SearchSort[] = ['RELEVANCE', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC'];

function depthOf(categories: readonly Category[], category: Category): number {
  let depth = 0;
  let parentId = category.parentId;
  while (parentId !== null && depth < 8) {
    depth += 1;
    parentId = categories.find((c) => c.id === parentId)?.parentId ?? null;
  }
  return depth;
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? Math.trunc(n) : Number.NaN;
}

/** The §8 message of a range, or undefined when it is fine. */
function rangeProblem(min: number | undefined, max: number | undefined, cap: number): boolean {
  const bad = (n: number | undefined) => n !== undefined && (Number.isNaN(n) || n < 0 || n > cap);
  return bad(min) || bad(max) || (min !== undefined && max !== undefined && min > max);
}

export function FiltersForm({ filters, sort, categories, cities, onSearch }: Props) {
  const intl = useIntl();
  const language = useLanguage();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(filters).map(([key, value]) => [key, typeof value === 'boolean' ? (value ? '1' : '') : String(value)]),
    ),
  );
  const [draftSort, setDraftSort] = useState<SearchSort>(sort);
  const [problem, setProblem] = useState<MessageId | undefined>();
  const cityId = draft.cityId ? Number(draft.cityId) : undefined;
  const { currentData: areas = [] } = useGetAreasQuery({ cityId: cityId ?? 0 }, { skip: !cityId });
  const categoryId = draft.categoryId ? Number(draft.categoryId) : undefined;
  const category = categories.find((c) => c.id === categoryId);
  const vertical = rootOf(categories, categoryId)?.id;
  const ranges = vertical === VEHICLES_ID ? VEHICLE_RANGES : vertical === REAL_ESTATE_ID ? REAL_ESTATE_RANGES : [];

  const set = (name: string, value: string) => {
    setDraft((current) => {
      const next = { ...current, [name]: value };
      // A new category keeps its ad type only if it has it; a new city drops the area.
      if (name === 'categoryId') {
        const types = categories.find((c) => c.id === Number(value))?.adTypes ?? [];
        if (!types.some((t) => t.key === next.adType)) next.adType = '';
      }
      if (name === 'cityId') next.areaId = '';
      return next;
    });
    setProblem(undefined);
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: SearchFilters = {
      keyword: nonEmpty(draft.keyword),
      categoryId,
      adType: category && draft.adType ? draft.adType : undefined,
      cityId,
      areaId: cityId && draft.areaId ? Number(draft.areaId) : undefined,
      priceMin: numberOrUndefined(draft.priceMin ?? ''),
      priceMax: numberOrUndefined(draft.priceMax ?? ''),
      seller: draft.seller === 'PRIVATE' || draft.seller === 'SHOP' ? draft.seller : undefined,
    };
    if (rangeProblem(next.priceMin, next.priceMax, MAX_PRICE_DH)) {
      setProblem('search.error.priceRange');
      return;
    }
    if (vertical === VEHICLES_ID) {
      next.brand = nonEmpty(draft.brand);
      next.model = nonEmpty(draft.model);
    }
    for (const [min, max] of ranges) {
      next[min] = numberOrUndefined(draft[min] ?? '');
      next[max] = numberOrUndefined(draft[max] ?? '');
      if (rangeProblem(next[min], next[max], 100_000_000)) {
        setProblem('search.error.range');
        return;
      }
    }
    for (const flag of FLAGS) next[flag] = draft[flag] === '1';
    onSearch(compactFilters(next), draftSort, areas);
  };

  const text = (name: string, label: MessageId, type: 'text' | 'number' | 'search' = 'number') => (
    <label className="field">
      {intl.formatMessage({ id: label })}
      <input
        type={type}
        name={name}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={draft[name] ?? ''}
        onChange={(e) => { set(name, e.target.value); }}
      />
    </label>
  );

  return (
    <form className="listing-filters" role="search" aria-label={intl.formatMessage({ id: 'listing.filters' })} onSubmit={onSubmit} noValidate>
      {text('keyword', 'listing.filter.keyword', 'search')}
      <label className="field">
        {intl.formatMessage({ id: 'listing.filter.category' })}
        <select value={draft.categoryId ?? ''} onChange={(e) => { set('categoryId', e.target.value); }}>
          <option value="">{intl.formatMessage({ id: 'listing.filter.allCategories' })}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {'\u00a0\u00a0'.repeat(depthOf(categories, c))}
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {category && category.adTypes.length > 0 ? (
        <label className="field">
          {intl.formatMessage({ id: 'listing.filter.adType' })}
          <select value={draft.adType ?? ''} onChange={(e) => { set('adType', e.target.value); }}>
            <option value="">{intl.formatMessage({ id: 'listing.filter.allAdTypes' })}</option>
            {category.adTypes.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label[language] || t.label.fr}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        {intl.formatMessage({ id: 'listing.filter.city' })}
        <select value={draft.cityId ?? ''} onChange={(e) => { set('cityId', e.target.value); }}>
          <option value="">{intl.formatMessage({ id: 'listing.filter.allCities' })}</option>
          {cities.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {cityId && areas.length > 0 ? (
        <label className="field">
          {intl.formatMessage({ id: 'listing.filter.area' })}
          <select value={draft.areaId ?? ''} onChange={(e) => { set('areaId', e.target.value); }}>
            <option value="">{intl.formatMessage({ id: 'listing.filter.allAreas' })}</option>
            {areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label[language] || a.label.fr}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="listing-filters__range">
        <legend>{intl.formatMessage({ id: 'listing.filter.price' })}</legend>
        {text('priceMin', 'listing.filter.min')}
        {text('priceMax', 'listing.filter.max')}
      </fieldset>
      {vertical === VEHICLES_ID ? (
        <>
          {text('brand', 'listing.filter.brand', 'text')}
          {text('model', 'listing.filter.model', 'text')}
        </>
      ) : null}
      {ranges.map(([min, max, legend]) => (
        <fieldset key={min} className="listing-filters__range">
          <legend>{intl.formatMessage({ id: legend })}</legend>
          {text(min, 'listing.filter.min')}
          {text(max, 'listing.filter.max')}
        </fieldset>
      ))}
      {problem ? (
        <p className="field__error" role="alert">
          {intl.formatMessage({ id: problem })}
        </p>
      ) : null}
      <fieldset className="listing-filters__flags">
        <legend>{intl.formatMessage({ id: 'listing.filter.options' })}</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              checked={draft[flag] === '1'}
              onChange={(e) => { set(flag, e.target.checked ? '1' : ''); }}
            />
            {intl.formatMessage({ id: `listing.filter.flag.${flag}` as MessageId })}
          </label>
        ))}
      </fieldset>
      <label className="field">
        {intl.formatMessage({ id: 'listing.filter.seller' })}
        <select value={draft.seller ?? ''} onChange={(e) => { set('seller', e.target.value); }}>
          <option value="">{intl.formatMessage({ id: 'listing.filter.seller.all' })}</option>
          <option value="PRIVATE">{intl.formatMessage({ id: 'listing.filter.seller.private' })}</option>
          <option value="SHOP">{intl.formatMessage({ id: 'listing.filter.seller.shop' })}</option>
        </select>
      </label>
      <label className="field">
        {intl.formatMessage({ id: 'listing.sort' })}
        <select value={draftSort} onChange={(e) => { setDraftSort(e.target.value as SearchSort); }}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: `listing.sort.${s}` as MessageId })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {intl.formatMessage({ id: 'listing.search' })}
      </button>
    </form>
  );
}
