// The ad view (spec §2: /vi/{id}.htm and /{region}/{category}/{slug}_{id}.htm, with or without
// a language prefix): gallery, title, price, labels, parameters, description, availability
// (vacation rentals), place and map, the Buy action of a seller-centre product and the
// home-delivery request (features/ecommerce/BuyBox.tsx), seller, show number, save, share,
// report abuse, contact seller, related and premium ads; its owner is offered its boost
// (OwnerBoost.tsx). On a phone, call and message are in a bar fixed at the bottom (ContactBar).
// An unknown ad (or id) is the "ad not found" state. Each ad shown reports a view
// (collectPerformanceEvent), which the owner's statistics count.

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { BackToDesk } from '../admin/BackToDesk';
import { Link, useParams } from 'react-router';
import { useGetAdQuery, useGetPremiumAdsQuery, useGetRelatedAdsQuery, type AdDetail } from '../../api/ads';
import { isGatewayError, isServerError } from '../../api/gateway';
import { useCollectPerformanceEventMutation } from '../../api/stats';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Skeleton, SkeletonStatus } from '../../ui/Skeleton';
import { useIsMobile } from '../../ui/useIsMobile';
import { Amount, PriceText } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AdCardSection } from '../ads/AdCard';
import { adPath, listIdFromFile } from '../ads/adPaths';
import { AdAvailability } from '../availability/AdAvailability';
import { BuyBox } from '../ecommerce/BuyBox';
import { LazyListingPage } from '../listing/LazyListingPage';
import { AdMap } from './AdMap';
import { ContactBar } from './ContactBar';
import { ContactSeller } from './ContactSeller';
import { Gallery } from './Gallery';
import { ListingNeighbours } from './ListingNeighbours';
import { OwnerBoost } from './OwnerBoost';
import { PhoneButton } from './PhoneButton';
import { ReportAdDialog } from './ReportAdDialog';
import { SaveButton } from './SaveButton';
import { SellerSummary } from './SellerSummary';
import { LoanSimulator } from '../credit/LoanSimulator';
import { ShareButton } from './ShareButton';
import { keepDigitGroups } from '../../ui/UserText';

function Labels({ ad }: { ad: AdDetail }) {
  const intl = useIntl();
  const labels: string[] = [];
  if (ad.urgent) labels.push(intl.formatMessage({ id: 'ad.label.urgent' }));
  if (ad.hotdeal) labels.push(intl.formatMessage({ id: 'ad.label.hotdeal' }, { discount: ad.discount ?? 0 }));
  if (ad.delivery) labels.push(intl.formatMessage({ id: 'ad.label.delivery' }));
  if (ad.hasVideo) labels.push(intl.formatMessage({ id: 'ad.label.video' }));
  if (labels.length === 0) return null;
  return (
    <ul className="ad-labels" aria-label={intl.formatMessage({ id: 'ad.labels' })}>
      {labels.map((label) => (
        <li key={label} className="ad-label">
          {label}
        </li>
      ))}
    </ul>
  );
}

function Params({ ad }: { ad: AdDetail }) {
  const intl = useIntl();
  if (ad.params.length === 0) return null;
  const value = (param: AdDetail['params'][number]) => {
    if (param.kind === 'boolean') return intl.formatMessage({ id: param.value === 'true' ? 'common.yes' : 'common.no' });
    return param.valueLabel || param.value;
  };
  return (
    <section aria-label={intl.formatMessage({ id: 'ad.params' })}>
      <h2>{intl.formatMessage({ id: 'ad.params' })}</h2>
      <dl className="ad-params">
        {ad.params.map((param) => (
          <div key={param.key}>
            <dt>{param.label}</dt>
            <dd>
              {/* Isolated: "128 Go" keeps its order in an Arabic line. */}
              <bdi>{param.unit ? `${value(param)} ${param.unit}` : value(param)}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Suggestions({ listId }: { listId: number }) {
  const intl = useIntl();
  const lang = useLanguage();
  const related = useGetRelatedAdsQuery({ listId, lang });
  const premium = useGetPremiumAdsQuery({ limit: 6, lang });
  return (
    <>
      <AdCardSection title={intl.formatMessage({ id: 'ad.related' })} ads={(related.data ?? []).filter((ad) => ad.listId !== listId)} />
      <AdCardSection title={intl.formatMessage({ id: 'ad.premium' })} ads={(premium.data ?? []).filter((ad) => ad.listId !== listId)} />
    </>
  );
}

function AdNotFound() {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentTitle(intl.formatMessage({ id: 'ad.notFound.title' }));
  return (
    <div className="page">
      <h1>{intl.formatMessage({ id: 'ad.notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'ad.notFound.body' })}</p>
      <Link to={localized(language, '/')}>{intl.formatMessage({ id: 'ad.notFound.home' })}</Link>
    </div>
  );
}

/** Reports one view per ad shown (docs/stats.md); a failure to report never troubles the page. */
function useCountView(listId: number | undefined) {
  const [collect] = useCollectPerformanceEventMutation();
  const reported = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (listId === undefined || reported.current === listId) return;
    reported.current = listId;
    collect({ name: 'view', listId }).catch(() => undefined);
  }, [collect, listId]);
}

/** The ad's placeholders while it loads: the photo, the title, the price, the seller's box. */
function AdViewSkeleton() {
  const intl = useIntl();
  return (
    <SkeletonStatus label={intl.formatMessage({ id: 'ad.loading' })} className="page ad-view">
      <div className="ad-view__main">
        <Skeleton kind="block" />
        <Skeleton width="85%" height="1.6rem" />
        <Skeleton width="35%" height="1.5rem" />
        <Skeleton width="60%" />
        <Skeleton width="95%" />
        <Skeleton width="90%" />
      </div>
      <div className="ad-view__side">
        <Skeleton kind="block" height="9rem" />
      </div>
    </SkeletonStatus>
  );
}

function AdView({ listId }: { listId: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const [reporting, setReporting] = useState(false);
  const { currentData, error, isError, refetch } = useGetAdQuery({ listId, lang: language });
  useCountView(currentData ? listId : undefined);
  // The ad is the page's main data: a server failure is the 500 page (related and premium ads
  // keep their own inline errors).
  const serverFailed = isError && !currentData && isServerError(error);
  useDocumentTitle(serverFailed ? undefined : currentData ? currentData.ad.title : intl.formatMessage({ id: 'ad.loading' }));

  if (isError && isGatewayError(error) && (error.code === 'AD_NOT_FOUND' || error.code === 'NOT_FOUND')) return <AdNotFound />;
  if (serverFailed) return <RouteError error={error} onRetry={() => void refetch()} />;
  if (isError) {
    return (
      <div className="page">
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!currentData) return <AdViewSkeleton />;
  const { ad, seller, latitude, longitude, product } = currentData;
  const place = ad.area ? intl.formatMessage({ id: 'listing.areaInCity' }, { area: ad.area.name, city: ad.city.name }) : ad.city.name;
  const url = `${window.location.origin}${localized(language, adPath(ad.listId))}`;
  return (
    <div className="page ad-view">
      <BackToDesk />
      <ListingNeighbours listId={ad.listId} />
      <div className="ad-view__main">
        <Gallery images={ad.images} title={ad.title} />
        <h1 dir="auto">{keepDigitGroups(ad.title)}</h1>
        <p className="ad-view__price">
          {product && product.finalPrice.centimes < product.unitPrice.centimes ? (
            // A product on promotion: the price paid, the price before struck through.
            <>
              <Amount text={product.finalPrice.withCurrency} />{' '}
              <s className="ad-view__price-before">
                <Amount text={product.unitPrice.withCurrency} />
              </s>
            </>
          ) : (
            <PriceText price={ad.price} />
          )}
        </p>
        <Labels ad={ad} />
        <p className="ad-view__meta">
          {ad.category.name} · {place} ·{' '}
          {intl.formatMessage({ id: 'ad.publishedAt' }, { date: intl.formatDate(new Date(ad.publishedAt), { dateStyle: 'medium' }) })}
        </p>
        <Params ad={ad} />
        <section aria-label={intl.formatMessage({ id: 'ad.description' })}>
          <h2>{intl.formatMessage({ id: 'ad.description' })}</h2>
          <p className="ad-view__description" dir="auto">{ad.description}</p>
        </section>
        {ad.type.key === 'vacation_rent' ? <AdAvailability listId={ad.listId} /> : null}
        <AdMap latitude={latitude} longitude={longitude} city={place} />
      </div>
      <aside className="ad-view__side">
        <OwnerBoost adId={ad.adId} status={ad.status} sellerAccountId={seller.accountId} />
        <BuyBox listId={ad.listId} title={ad.title} sellerAccountId={seller.accountId} product={product} delivery={ad.delivery} />
        <SellerSummary seller={seller} />
        <div className="ad-view__actions">
          {isMobile ? null : (
            <>
              <PhoneButton listId={ad.listId} hidden={seller.phoneHidden} />
              <ContactSeller listId={ad.listId} sellerAccountId={seller.accountId} />
            </>
          )}
          <SaveButton listId={ad.listId} savedByMe={currentData.savedByMe} />
          <ShareButton url={url} title={ad.title} />
          <button type="button" className="button button--link" onClick={() => { setReporting(true); }}>
            {intl.formatMessage({ id: 'ad.report.open' })}
          </button>
        </div>
        <LoanSimulator listId={ad.listId} />
      </aside>
      {reporting ? <ReportAdDialog listId={ad.listId} onClose={() => { setReporting(false); }} /> : null}
      <Suggestions listId={ad.listId} />
      {isMobile ? (
        <ContactBar listId={ad.listId} sellerAccountId={seller.accountId} phoneHidden={seller.phoneHidden} product={product} />
      ) : null}
    </div>
  );
}

export default function AdViewPage() {
  const { file } = useParams();
  // Three path segments that are not an ad file are a listing (`/casablanca/voitures/clio`),
  // or the 404 page when the listing page finds none.
  if (!file?.endsWith('.htm')) return <LazyListingPage />;
  const listId = listIdFromFile(file);
  if (listId === undefined) return <AdNotFound />;
  return <AdView key={listId} listId={listId} />;
}
