// The directory of categories on the home page: one section per vertical with its categories,
// groups showing their own sub-categories as nested lists.

import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Language } from '../../app/language';
import type { Category } from '../../api/catalog';
import { Icon, type IconName } from '../../ui/Icon';
import { buildCategoryTree, categoryPath, type CategoryNode } from './categoryTree';

/** Each vertical's icon, by its French slug (spec §1: market, vehicles, real estate, jobs and services). */
const VERTICAL_ICONS: Record<string, IconName> = {
  marche: 'tag',
  vehicules: 'car',
  immobilier: 'home',
  'emploi-et-services': 'briefcase',
};

function CategoryList({ nodes, language }: { nodes: CategoryNode[]; language: Language }) {
  if (nodes.length === 0) return null;
  return (
    <ul className="category-list">
      {nodes.map(({ category, children }) => (
        <li key={category.id} className="category-list__item">
          <Link to={categoryPath(language, category)}>{category.name}</Link>
          <CategoryList nodes={children} language={language} />
        </li>
      ))}
    </ul>
  );
}

export interface CategoryDirectoryProps {
  categories: readonly Category[];
  language: Language;
}

export function CategoryDirectory({ categories, language }: CategoryDirectoryProps) {
  const intl = useIntl();
  const verticals = useMemo(() => buildCategoryTree(categories), [categories]);
  if (verticals.length === 0) {
    return <p className="empty-state">{intl.formatMessage({ id: 'home.categories.empty' })}</p>;
  }
  return (
    <nav className="verticals" aria-label={intl.formatMessage({ id: 'home.categories.label' })}>
      {verticals.map(({ category, children }) => {
        const headingId = `vertical-${category.id}`;
        return (
          <section key={category.id} className={`vertical vertical--${category.slug.fr}`} aria-labelledby={headingId}>
            <h2 id={headingId} className="vertical__title">
              <span className="vertical__icon" aria-hidden="true">
                <Icon name={VERTICAL_ICONS[category.slug.fr] ?? 'box'} size={26} />
              </span>
              <Link to={categoryPath(language, category)}>{category.name}</Link>
            </h2>
            <CategoryList nodes={children} language={language} />
          </section>
        );
      })}
    </nav>
  );
}
