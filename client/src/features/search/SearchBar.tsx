// The search bar (issue 26): a keyword, a category and a city (typed and chosen among the
// catalogue's cities), in the header of every page and large on the home. It opens the search
// listing (spec §2, /{place}[/{category}]) with the keyword in `?q=` exactly as typed: the
// listing path would fold it ("سيارة" → "سياره", docs/search.md), the query string keeps it,
// and the listing reads it from there (listingUrl.ts searchOf). The catalogue is asked for only
// once the person turns to the bar (the header's bar costs no request on a page load).

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useGetCategoriesQuery, useGetCitiesFormattedNextQuery, type Category } from '../../api/catalog';
import { useLanguage } from '../../app/i18n';
import type { Language } from '../../app/language';
import { Icon } from '../../ui/Icon';
import { SearchableSelect } from '../../ui/SearchableSelect';
import { listingPath } from '../listing/listingUrl';

export interface SearchChoice {
  keyword: string;
  category?: Category;
  citySlug?: string;
}

/** The listing address of a search: the place and category in the path, the keyword as typed in `q`. */
export function searchHref(language: Language, { keyword, category, citySlug }: SearchChoice): string {
  const path = listingPath(language, { city: citySlug === '' ? undefined : citySlug, category: category ? category.slug[language] || category.slug.fr : undefined });
  const typed = keyword.trim();
  return typed ? `${path}?${new URLSearchParams({ q: typed }).toString()}` : path;
}

/** Categories in the select's order: each vertical, then its groups and their categories, indented. */
function categoryOptions(categories: readonly Category[]): { value: string; label: string }[] {
  const children = new Map<number | null, Category[]>();
  for (const category of categories) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
  const out: { value: string; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      out.push({ value: String(category.id), label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${category.name}` });
      if (depth < 2) walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function SearchBar({ variant }: { variant: 'header' | 'hero' }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  // The keyword of the listing on screen, as it was typed.
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const [categoryId, setCategoryId] = useState('');
  const [cityId, setCityId] = useState('');
  const [awake, setAwake] = useState(variant === 'hero');
  const categories = useGetCategoriesQuery({ lang: language }, { skip: !awake });
  const cities = useGetCitiesFormattedNextQuery({ lang: language, startIndex: 0, stopIndex: 99 }, { skip: !awake });
  const cityList = (cities.currentData?.cities ?? []).filter((city) => city.type === 'city');

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const category = categories.currentData?.find((c) => String(c.id) === categoryId);
    const citySlug = cityList.find((city) => city.value === cityId)?.slug;
    const href = searchHref(language, { keyword, category, citySlug });
    // Out of the submit event first: navigating inside it makes React treat the form as a form
    // action of the router's transition (as in the ad form).
    void Promise.resolve().then(() => navigate(href));
  };

  const label = intl.formatMessage({ id: 'search.label' });
  return (
    <form
      role="search"
      aria-label={label}
      className={`search-bar search-bar--${variant}`}
      onSubmit={submit}
      onFocus={() => {
        setAwake(true);
      }}
      onPointerEnter={() => {
        setAwake(true);
      }}
    >
      <div className="search-bar__keyword">
        <span className="search-bar__icon" aria-hidden="true">
          <Icon name="search" size={20} />
        </span>
        <input
          type="search"
          name="q"
          dir="auto"
          enterKeyHint="search"
          aria-label={intl.formatMessage({ id: 'search.keyword' })}
          placeholder={intl.formatMessage({ id: 'search.keyword.placeholder' })}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
          }}
        />
      </div>
      <div className="search-bar__more">
        <label className="visually-hidden" htmlFor={`search-category-${variant}`}>
          {intl.formatMessage({ id: 'search.category' })}
        </label>
        <select
          id={`search-category-${variant}`}
          className="search-bar__category"
          value={categoryId}
          onChange={(event) => {
            setCategoryId(event.target.value);
          }}
        >
          <option value="">{intl.formatMessage({ id: 'search.category.all' })}</option>
          {categoryOptions(categories.currentData ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SearchableSelect
          className="search-bar__city"
          label={intl.formatMessage({ id: 'search.city' })}
          hideLabel
          placeholder={intl.formatMessage({ id: 'search.city.placeholder' })}
          noMatch={intl.formatMessage({ id: 'common.noMatch' })}
          value={cityId}
          options={cityList.map((city) => ({ value: city.value, label: city.label }))}
          onValueChange={setCityId}
        />
      </div>
      <button type="submit" className="button search-bar__submit">
        <Icon name="search" size={18} />
        <span className="search-bar__submit-text">{intl.formatMessage({ id: 'search.submit' })}</span>
      </button>
    </form>
  );
}
