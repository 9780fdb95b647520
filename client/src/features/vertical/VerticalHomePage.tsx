// The vertical home pages `/{vertical}` (spec §2 "home (vertical only if allowed for home
// pages)"): the vertical named by its French or Arabic slug, with its categories; the real
// estate home has the tabs sales, rentals, new, vacation and shared, each linking to the
// listings, laid out above their panel at every width; the vehicles home leads with the popular
// brands and models and their counts (PopularModels.tsx). A vertical without categories (or a
// tab without its category) says so. A slug
// that names no vertical is handed to the listing page (a city or the country), which shows
// 404 when it is no listing either.

import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { useGetCategoriesQuery, type Category } from '../../api/catalog';
import { isServerError } from '../../api/gateway';
import { RouteError } from '../../app/RouteError';
import { useLanguage } from '../../app/i18n';
import type { Language } from '../../app/language';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CategoryDirectory } from '../home/CategoryDirectory';
import { categoryListingPath as listingPath } from '../home/categoryTree';
import { LazyListingPage } from '../listing/LazyListingPage';
import { PopularModels } from './PopularModels';
import { VEHICLES_VERTICAL_ID } from './popularModels';
import { isRealEstateTab, REAL_ESTATE_TABS, REAL_ESTATE_VERTICAL_ID, tabContent, type RealEstateTab } from './realEstateTabs';
import './vertical.css';

function RealEstateTabs({ categories, language }: { categories: readonly Category[]; language: Language }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: RealEstateTab = isRealEstateTab(requested) ? requested : 'sales';
  const content = tabContent(selected, categories);

  // ARIA tabs: the arrow keys move between tabs (mirrored in right-to-left), Home and End jump.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = REAL_ESTATE_TABS.indexOf(selected);
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const last = REAL_ESTATE_TABS.length - 1;
    const next =
      event.key === forward ? (index + 1) % REAL_ESTATE_TABS.length
      : event.key === backward ? (index + last) % REAL_ESTATE_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const tab = REAL_ESTATE_TABS[next] ?? 'sales';
    setParams({ tab }, { replace: true });
    document.getElementById(`tab-${tab}`)?.focus();
  }

  return (
    <div className="tabs tabs--panels">
      <div
        className="tabs__list"
        role="tablist"
        aria-label={intl.formatMessage({ id: 'vertical.realEstate.tabs' })}
        onKeyDown={onKeyDown}
      >
        {REAL_ESTATE_TABS.map((tab) => (
          <button
            key={tab}
            id={`tab-${tab}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === selected}
            aria-controls={`panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => {
              setParams({ tab }, { replace: true });
            }}
          >
            {intl.formatMessage({ id: `vertical.realEstate.tab.${tab}` as const })}
          </button>
        ))}
      </div>
      <div id={`panel-${selected}`} role="tabpanel" aria-labelledby={`tab-${selected}`} className="tabs__panel">
        {content.categories.length > 0 ? (
          <ul className="category-list">
            {content.categories.map((category) => (
              <li key={category.id} className="category-list__item">
                <Link to={listingPath(language, category, content.adType)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        ) : null}
        {content.category ? (
          <p>
            <Link className="button" to={listingPath(language, content.category, content.adType)}>
              {intl.formatMessage({ id: `vertical.realEstate.seeAll.${selected}` as const })}
            </Link>
          </p>
        ) : (
          <p className="empty-state">{intl.formatMessage({ id: 'home.categories.empty' })}</p>
        )}
      </div>
    </div>
  );
}

function VerticalHome({ vertical, categories, language }: { vertical: Category; categories: Category[]; language: Language }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'vertical.documentTitle' }, { name: vertical.name }));
  const inVertical = categories.filter((c) => c.id !== vertical.id && isUnder(c, vertical.id, categories));
  return (
    <div className="page vertical-home">
      <h1>{vertical.name}</h1>
      {vertical.id === REAL_ESTATE_VERTICAL_ID ? <RealEstateTabs categories={categories} language={language} /> : null}
      {vertical.id === VEHICLES_VERTICAL_ID ? <PopularModels categories={categories} language={language} /> : null}
      {/* With no categories the directory says so itself. */}
      <CategoryDirectory categories={inVertical.length > 0 ? [vertical, ...inVertical] : []} language={language} />
    </div>
  );
}

function isUnder(category: Category, rootId: number, all: readonly Category[]): boolean {
  let parentId = category.parentId;
  for (let depth = 0; parentId !== null && depth < 8; depth += 1) {
    if (parentId === rootId) return true;
    parentId = all.find((c) => c.id === parentId)?.parentId ?? null;
  }
  return false;
}

export default function VerticalHomePage() {
  const intl = useIntl();
  const language = useLanguage();
  const { vertical: slug = '' } = useParams();
  const { currentData, isError, error, refetch } = useGetCategoriesQuery({ lang: language });

  if (isError && !currentData) {
    // The categories are the page's main data: a server failure is the 500 page.
    if (isServerError(error)) return <RouteError error={error} onRetry={() => void refetch()} />;
    return (
      <div className="page">
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'home.categories.loading' })} />;

  const vertical = currentData.find(
    (c) => c.parentId === null && (c.slug.fr === slug || c.slug.ar === slug || c.slug[language] === slug),
  );
  // Any other single segment is a listing (`/casablanca`, `/maroc`) or, failing that, 404.
  if (!vertical) return <LazyListingPage />;
  return <VerticalHome vertical={vertical} categories={currentData} language={language} />;
}
