// The category choice of the ad form's step 1 as tiles: the four verticals first (each with its
// icon), then the chosen vertical's categories grouped under their category group (an icon per
// group); a search field filters every category by its name, or its group's, in the page's
// language (ignoring case, accents and Arabic letter variants). The tiles are real radio
// buttons of one group inside a fieldset, so arrows move between them, Space chooses, and
// screen readers announce "radio, 3 of 12"; how many categories match is announced politely.

import { useId, useMemo, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Category } from '../../api/catalog';
import { Icon, type IconName } from '../../ui/Icon';
import { matchKey } from '../../ui/SearchableSelect';

/** Icons by category id: a vertical, a category group, a category that is its own group, or a
 * category whose own icon says more (the reference ids of storage/reference/categories.json). */
const ICONS: Record<number, IconName> = {
  50000: 'tag',
  20000: 'car',
  10000: 'home',
  30000: 'briefcase',
  5000: 'desktop',
  6000: 'sofa',
  7000: 'shirt',
  8000: 'ball',
  9000: 'store',
  9500: 'box',
  2000: 'car',
  1000: 'building',
  1300: 'sun',
  1400: 'users',
  1500: 'key',
  3000: 'briefcase',
  3100: 'wrench',
  // Categories whose own icon says more than their group's.
  1010: 'building',
  1060: 'briefcase',
  1080: 'store',
  1090: 'pin',
  2060: 'wrench',
  2040: 'truck',
  2073: 'key',
  2075: 'truck',
  3110: 'document',
  3140: 'truck',
  3150: 'desktop',
  5010: 'phone',
  7030: 'clock',
  8060: 'globe',
  9030: 'store',
};

export interface Tile {
  category: Category;
  /** Its parent: the group it is listed under. */
  group: Category;
  vertical: Category;
  icon: IconName;
}

/** The categories an ad can be posted in (leaves under a vertical), with their group and vertical. */
export function tilesOf(categories: readonly Category[]): Tile[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const rootOf = (category: Category): Category => {
    let current = category;
    for (let hops = 0; current.parentId !== null && hops < 10; hops += 1) current = byId.get(current.parentId) ?? current;
    return current;
  };
  return categories
    .filter((c) => c.childrenIds.length === 0 && c.parentId !== null)
    .map((category) => {
      const group = byId.get(category.parentId ?? 0) ?? category;
      const vertical = rootOf(category);
      return { category, group, vertical, icon: ICONS[category.id] ?? ICONS[group.id] ?? ICONS[vertical.id] ?? 'tag' };
    });
}

/** The tiles whose name (or group's name) contains the query, the names that start with it first. */
export function filterTiles(tiles: readonly Tile[], query: string): Tile[] {
  const key = matchKey(query);
  if (!key) return [...tiles];
  const starts: Tile[] = [];
  const contains: Tile[] = [];
  for (const tile of tiles) {
    const name = matchKey(tile.category.name);
    if (name.startsWith(key) || name.split(/\s+/).some((word) => word.startsWith(key))) starts.push(tile);
    else if (name.includes(key) || matchKey(tile.group.name).includes(key)) contains.push(tile);
  }
  return [...starts, ...contains];
}

/** Tiles grouped by their group, groups in the order they first appear. */
function byGroup(tiles: readonly Tile[]): { group: Category; tiles: Tile[] }[] {
  const groups = new Map<number, { group: Category; tiles: Tile[] }>();
  for (const tile of tiles) {
    const entry = groups.get(tile.group.id) ?? { group: tile.group, tiles: [] };
    entry.tiles.push(tile);
    groups.set(tile.group.id, entry);
  }
  return [...groups.values()];
}

export interface CategoryTilesProps {
  categories: readonly Category[];
  value: number | undefined;
  onChange: (categoryId: number, byPointer: boolean) => void;
  /** Already translated. */
  problem?: string;
}

export function CategoryTiles({ categories, value, onChange, problem }: CategoryTilesProps) {
  const intl = useIntl();
  const id = useId();
  const tiles = useMemo(() => tilesOf(categories), [categories]);
  const chosen = tiles.find((tile) => tile.category.id === value);
  const [query, setQuery] = useState('');
  const [vertical, setVertical] = useState<number | undefined>(chosen?.vertical.id);
  const verticals = useMemo(() => {
    const seen = new Map<number, { vertical: Category; count: number }>();
    for (const tile of tiles) {
      const entry = seen.get(tile.vertical.id) ?? { vertical: tile.vertical, count: 0 };
      entry.count += 1;
      seen.set(tile.vertical.id, entry);
    }
    return [...seen.values()];
  }, [tiles]);
  const searching = query.trim() !== '';
  const shown = searching ? filterTiles(tiles, query) : tiles.filter((tile) => tile.vertical.id === vertical);
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  // A choice by pointer (a click's detail counts the clicks; a keyboard's is 0).
  const choose = (categoryId: number) => (event: MouseEvent<HTMLInputElement>) => {
    onChange(categoryId, event.detail > 0);
  };

  return (
    <div className="category-picker" data-field="category">
      <div className="ui-field category-picker__search">
        <label className="ui-field__label" htmlFor={`${id}-search`}>
          {intl.formatMessage({ id: 'adForm.category.searchLabel' })}
        </label>
        <span className="category-picker__search-box">
          <Icon name="search" />
          <input
            id={`${id}-search`}
            className="ui-field__control"
            type="search"
            dir="auto"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={intl.formatMessage({ id: 'adForm.category.search' })}
            value={query}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem && !value ? true : undefined}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
            onKeyDown={(event) => {
              // Enter chooses the only match rather than sending the step.
              if (event.key === 'Enter') {
                event.preventDefault();
                const [first] = shown;
                if (searching && shown.length === 1 && first) onChange(first.category.id, false);
              }
            }}
          />
        </span>
      </div>
      {searching ? null : (
        <fieldset className="vertical-tiles">
          <legend className="vertical-tiles__legend">{intl.formatMessage({ id: 'adForm.verticals' })}</legend>
          <div className="vertical-tiles__list">
            {verticals.map(({ vertical: v, count }) => (
              <label key={v.id} className="vertical-tile">
                <input
                  type="radio"
                  name={`${id}-vertical`}
                  value={v.id}
                  checked={vertical === v.id}
                  onChange={() => {
                    setVertical(v.id);
                  }}
                />
                <span className="vertical-tile__icon" aria-hidden="true">
                  <Icon name={ICONS[v.id] ?? 'tag'} size={28} />
                </span>
                <span className="vertical-tile__name">{v.name}</span>
                <span className="vertical-tile__count">{intl.formatMessage({ id: 'adForm.verticals.count' }, { count })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="category-tiles" aria-describedby={[problem ? problemId : undefined, hintId].filter(Boolean).join(' ')}>
        <legend className="category-tiles__legend">{intl.formatMessage({ id: 'adForm.category' })}</legend>
        {shown.length === 0 ? (
          <p className="category-tiles__empty">
            {searching ? intl.formatMessage({ id: 'adForm.category.noMatch' }, { keyword: query.trim() }) : intl.formatMessage({ id: 'adForm.category.pickVertical' })}
          </p>
        ) : (
          byGroup(shown).map(({ group, tiles: groupTiles }) => (
            <div key={group.id} className="category-group" role="group" aria-labelledby={`${id}-group-${String(group.id)}`}>
              <h3 id={`${id}-group-${String(group.id)}`} className="category-group__title">
                {group.name}
              </h3>
              <div className="category-group__tiles">
                {groupTiles.map((tile) => (
                  <label key={tile.category.id} className="category-tile">
                    <input type="radio" name={`${id}-category`} value={tile.category.id} checked={value === tile.category.id} onChange={() => undefined} onClick={choose(tile.category.id)} />
                    <span className="category-tile__icon" aria-hidden="true">
                      <Icon name={tile.icon} size={22} />
                    </span>
                    <span className="category-tile__name">{tile.category.name}</span>
                    <span className="category-tile__check" aria-hidden="true">
                      <Icon name="check" size={18} />
                    </span>
                  </label>
                ))}
              </div>
            </div>
          ))
        )}
        {problem ? (
          <p id={problemId} className="ui-field__problem" aria-live="polite">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <p id={hintId} className="visually-hidden" aria-live="polite">
        {searching || vertical !== undefined ? intl.formatMessage({ id: 'adForm.category.found' }, { count: shown.length }) : ''}
      </p>
    </div>
  );
}
