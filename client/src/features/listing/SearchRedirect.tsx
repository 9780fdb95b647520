// /v2/search?… (spec §2, the search) → the listing of the whole country in the same language,
// the keyword (`keyword` or `q`) in its path as the listing writes it, the other parameters kept.

import { Navigate, useLocation } from 'react-router';
import { useLanguage } from '../../app/i18n';
import { COUNTRY_SLUG, listingPath } from './listingUrl';

export default function SearchRedirect() {
  const { search, pathname } = useLocation();
  const language = useLanguage();
  const prefix = /^\/(fr|ar)\//.exec(pathname)?.[0] ?? '/';
  const params = new URLSearchParams(search);
  const keyword = params.get('keyword') ?? params.get('q') ?? undefined;
  params.delete('keyword');
  params.delete('q');
  const path = keyword ? listingPath(language, { keyword }).replace(/^\/(ar\/)?/, '') : encodeURIComponent(COUNTRY_SLUG[language]);
  const query = params.toString();
  return <Navigate to={`${prefix}${path}${query ? `?${query}` : ''}`} replace />;
}
