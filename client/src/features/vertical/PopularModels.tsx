// The vehicles home's "popular brands and models": a card per brand (its name and active ads,
// linking to the cars listing narrowed to it) with its top models and their counts, each a link
// to the listing narrowed to that model. While the counts load, placeholders keep the room; a
// failure says so with a retry; no brand yet, nothing is shown.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category } from '../../api/catalog';
import type { Language } from '../../app/language';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { categoryListingPath } from '../home/categoryTree';
import { CARS_CATEGORY_ID, useGetPopularModelsQuery } from './popularModels';

export function PopularModels({ categories, language }: { categories: readonly Category[]; language: Language }) {
  const intl = useIntl();
  const cars = categories.find((c) => c.id === CARS_CATEGORY_ID);
  const { currentData, isError, error, refetch } = useGetPopularModelsQuery({ categoryId: CARS_CATEGORY_ID, lang: language }, { skip: !cars });
  if (!cars) return null;
  const heading = intl.formatMessage({ id: 'vertical.vehicles.popular' });
  const base = categoryListingPath(language, cars);
  const link = (brand: string, model?: string) => {
    const query = new URLSearchParams({ brand });
    if (model) query.set('model', model);
    return `${base}?${query.toString()}`;
  };
  return (
    <section className="popular-brands" aria-labelledby="popular-brands-title">
      <h2 id="popular-brands-title">{heading}</h2>
      {isError && !currentData ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      ) : !currentData ? (
        <ul className="popular-brands__grid" aria-busy="true" aria-label={intl.formatMessage({ id: 'vertical.vehicles.loading' })}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="popular-brands__card popular-brands__card--placeholder" />
          ))}
        </ul>
      ) : currentData.length === 0 ? (
        <p className="empty-state">{intl.formatMessage({ id: 'vertical.vehicles.none' })}</p>
      ) : (
        <ul className="popular-brands__grid">
          {currentData.map((brand) => (
            <li key={brand.slug} className="popular-brands__card">
              <Link className="popular-brands__brand" to={link(brand.slug)}>
                <span className="popular-brands__initial" aria-hidden="true">
                  {Array.from(brand.name)[0]?.toUpperCase() ?? ''}
                </span>
                <span className="popular-brands__name">{brand.name}</span>
                <span className="popular-brands__count">{intl.formatMessage({ id: 'vertical.vehicles.ads' }, { count: brand.count })}</span>
              </Link>
              {brand.models.length > 0 ? (
                <ul className="popular-brands__models" aria-label={intl.formatMessage({ id: 'vertical.vehicles.models' }, { name: brand.name })}>
                  {brand.models.map((model) => (
                    <li key={model.slug}>
                      <Link to={link(brand.slug, model.slug)}>
                        <bdi>{model.name}</bdi> <span className="popular-brands__model-count">{intl.formatNumber(model.count)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="button" to={base}>
          {intl.formatMessage({ id: 'vertical.vehicles.allCars' })}
        </Link>
      </p>
    </section>
  );
}
