// The home page's premium gallery ads (getPremiumAds): ads with a gallery or special pack
// running. Card placeholders while they load; nothing when there are none or when they fail:
// the section is a bonus, never a blocker of the home page.

import { useIntl } from 'react-intl';
import { useGetPremiumAdsQuery } from '../../api/ads';
import { useLanguage } from '../../app/i18n';
import { SkeletonCards } from '../../ui/Skeleton';
import { AdCardSection } from '../ads/AdCard';

export const PREMIUM_LIMIT = 8;

export function PremiumAds() {
  const intl = useIntl();
  const lang = useLanguage();
  const { currentData, isLoading } = useGetPremiumAdsQuery({ limit: PREMIUM_LIMIT, lang });
  if (isLoading) return <SkeletonCards label={intl.formatMessage({ id: 'home.premium.loading' })} count={4} />;
  return <AdCardSection title={intl.formatMessage({ id: 'home.premium' })} ads={currentData ?? []} />;
}
