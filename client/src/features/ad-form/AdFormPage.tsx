// The ad form (spec §2: /ad/insert/{step}, /ad/edit/{id}/{step}): a stepper of four steps
// (1 category and ad type; 2 text, the category's parameters (those with a catalogue `source`
// chosen from the car catalogue: CatalogueSelect.tsx), urgent, discount, delivery; 3 photos
// and video; 4 city, area, price with its advice, phone hidden). A new ad saves each
// step with saveAdDraft (the draft id rides in the URL as ?draft=) and ends with submitAd;
// an edit loads getMyAd and ends with patchAd. Either way the seller is told that the ad waits
// for moderation (within 60 minutes). The §5 text rules show as the person types. What is
// typed survives the move between steps (formMemory.ts). A vacation rental's step 4 also holds
// its availability calendar, saved with setAdAvailability once the ad exists (no moderation).

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useGetAdAvailabilityQuery,
  useGetAdParamsQuery,
  useGetMyAdQuery,
  useGetPriceAdviceQuery,
  usePatchAdMutation,
  useSaveAdDraftMutation,
  useSetAdAvailabilityMutation,
  useSubmitAdMutation,
  type MyAdDetail,
  type AdInput,
} from '../../api/ads';
import { useGetAreasQuery, useGetCategoriesQuery, useGetCitiesFormattedNextQuery, type Category } from '../../api/catalog';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { errorText } from '../../ui/errorText';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { adTextProblem, DESCRIPTION_LENGTH, lengthProblem, TITLE_LENGTH } from './adText';
import { forget, recall, remember } from './formMemory';
import { PhotosStep, type PhotosValue } from './PhotosStep';
import { AvailabilityCalendar } from '../availability/AvailabilityCalendar';
import { CatalogueSelect, isCatalogueSource, type CatalogueSource } from './CatalogueSelect';
import { daysOf, periodsOf } from '../availability/days';

export const STEPS = [1, 2, 3, 4] as const;

export interface FormState {
  ad: AdInput;
  media: PhotosValue;
  /** Booked nights of a vacation rental (days since 1970). */
  booked: number[];
}

const VACATION_RENT = 'vacation_rent';

function RuleHint({ text, limits }: { text: string; limits: { min: number; max: number } }) {
  const intl = useIntl();
  const problem = adTextProblem(text) ?? (text ? lengthProblem(text, limits) : undefined);
  return (
    <p className={problem ? 'ad-form__hint ad-form__rule--broken' : 'ad-form__hint'} aria-live="polite">
      {problem
        ? intl.formatMessage({ id: problem }, limits)
        : intl.formatMessage({ id: 'adForm.length' }, { count: Array.from(text.trim()).length, max: limits.max })}
    </p>
  );
}

function Step1({ state, set }: { state: FormState; set: (ad: AdInput) => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const { data, error, isError, refetch } = useGetCategoriesQuery({ lang });
  if (isError) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loader />;
  const byId = new Map(data.map((c) => [c.id, c]));
  const leaves = data.filter((c) => c.childrenIds.length === 0 && c.parentId !== null);
  const category: Category | undefined = state.ad.categoryId ? byId.get(state.ad.categoryId) : undefined;
  return (
    <>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.category' })}
        <select value={state.ad.categoryId ?? ''} onChange={(e) => { set({ categoryId: Number(e.target.value) || undefined, adType: undefined, params: {} }); }}>
          <option value="">{intl.formatMessage({ id: 'adForm.category.choose' })}</option>
          {leaves.map((c) => (
            <option key={c.id} value={c.id}>
              {(c.parentId ? `${byId.get(c.parentId)?.name ?? ''} › ` : '') + c.name}
            </option>
          ))}
        </select>
      </label>
      {category ? (
        <fieldset>
          <legend>{intl.formatMessage({ id: 'adForm.adType' })}</legend>
          {[...category.adTypes].sort((a, b) => a.order - b.order).map((type) => (
            <label key={type.key} className="radio">
              <input type="radio" name="adType" checked={state.ad.adType === type.key} onChange={() => { set({ adType: type.key }); }} />
              {type.label[lang]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

function Step2({ state, set }: { state: FormState; set: (ad: AdInput) => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const categoryId = state.ad.categoryId ?? 0;
  const { data: specs } = useGetAdParamsQuery({ categoryId, lang }, { skip: !categoryId });
  const params = state.ad.params ?? {};
  const setParam = (key: string, value: string | number | boolean | undefined) => {
    const next = Object.fromEntries(Object.entries(params).filter(([k]) => k !== key));
    if (value !== undefined && value !== '') next[key] = value;
    set({ params: next });
  };
  const brandKey = specs?.find((s) => s.source === 'carBrands')?.key;
  const brand = brandKey === undefined ? undefined : params[brandKey];
  // Another brand makes the model chosen for the previous one meaningless.
  const setCatalogueParam = (key: string, source: CatalogueSource, value: string) => {
    const modelKeys = source === 'carBrands' ? (specs ?? []).filter((s) => s.source === 'carModels').map((s) => s.key) : [];
    const next = Object.fromEntries(Object.entries(params).filter(([k]) => k !== key && !modelKeys.includes(k)));
    if (value !== '') next[key] = value;
    set({ params: next });
  };
  const title = state.ad.title ?? '';
  const description = state.ad.description ?? '';
  return (
    <>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.title' })}
        <input value={title} maxLength={TITLE_LENGTH.max + 20} onChange={(e) => { set({ title: e.target.value }); }} />
      </label>
      <RuleHint text={title} limits={TITLE_LENGTH} />
      <label className="field">
        {intl.formatMessage({ id: 'adForm.description' })}
        <textarea value={description} onChange={(e) => { set({ description: e.target.value }); }} />
      </label>
      <RuleHint text={description} limits={DESCRIPTION_LENGTH} />
      {(specs ?? []).map((spec) => {
        const label = `${spec.label}${spec.unit ? ` (${spec.unit})` : ''}${spec.requiredForOffers && state.ad.adType !== 'wanted' ? ' *' : ''}`;
        const current = params[spec.key];
        if (spec.kind === 'boolean') {
          return (
            <label key={spec.key} className="radio">
              <input type="checkbox" checked={current === true} onChange={(e) => { setParam(spec.key, e.target.checked ? true : undefined); }} />
              {label}
            </label>
          );
        }
        if (spec.kind === 'choice' && spec.choices.length > 0) {
          return (
            <label key={spec.key} className="field">
              {label}
              <select value={typeof current === 'string' ? current : ''} onChange={(e) => { setParam(spec.key, e.target.value); }}>
                <option value="">{intl.formatMessage({ id: 'adForm.choose' })}</option>
                {spec.choices.map((choice) => (
                  <option key={choice.key} value={choice.key}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        if (isCatalogueSource(spec.source)) {
          const { source } = spec;
          return (
            <CatalogueSelect
              key={spec.key}
              source={source}
              label={label}
              value={typeof current === 'string' ? current : ''}
              brand={typeof brand === 'string' ? brand : ''}
              onChange={(value) => { setCatalogueParam(spec.key, source, value); }}
            />
          );
        }
        return (
          <label key={spec.key} className="field">
            {label}
            <input
              type={spec.kind === 'number' ? 'number' : 'text'}
              min={spec.min ?? undefined}
              max={spec.max ?? undefined}
              value={current === undefined ? '' : String(current)}
              onChange={(e) => { setParam(spec.key, spec.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value); }}
            />
          </label>
        );
      })}
      <label className="radio">
        <input type="checkbox" checked={state.ad.urgent === true} onChange={(e) => { set({ urgent: e.target.checked }); }} />
        {intl.formatMessage({ id: 'adForm.urgent' })}
      </label>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.discount' })}
        <input type="number" min={5} max={90} value={state.ad.discount ?? ''} onChange={(e) => { set({ discount: e.target.value === '' ? null : Number(e.target.value) }); }} />
      </label>
      <label className="radio">
        <input type="checkbox" checked={state.ad.delivery === true} onChange={(e) => { set({ delivery: e.target.checked }); }} />
        {intl.formatMessage({ id: 'adForm.delivery' })}
      </label>
    </>
  );
}

function Step4({ state, set }: { state: FormState; set: (ad: AdInput) => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const { data: cities } = useGetCitiesFormattedNextQuery({ lang, startIndex: 0, stopIndex: 99 });
  const cityId = state.ad.cityId;
  const { data: areas } = useGetAreasQuery({ cityId: cityId ?? 0 }, { skip: !cityId });
  const { data: advice } = useGetPriceAdviceQuery(
    { categoryId: state.ad.categoryId ?? 0, adType: state.ad.adType ?? '', cityId: cityId ?? null },
    { skip: !state.ad.categoryId || !state.ad.adType },
  );
  return (
    <>
      <label className="field">
        {intl.formatMessage({ id: 'adForm.city' })}
        <select value={cityId ?? ''} onChange={(e) => { set({ cityId: Number(e.target.value) || undefined, areaId: null }); }}>
          <option value="">{intl.formatMessage({ id: 'adForm.choose' })}</option>
          {(cities?.cities ?? []).filter((c) => c.type === 'city').map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {areas && areas.length > 0 ? (
        <label className="field">
          {intl.formatMessage({ id: 'adForm.area' })}
          <select value={state.ad.areaId ?? ''} onChange={(e) => { set({ areaId: Number(e.target.value) || null }); }}>
            <option value="">{intl.formatMessage({ id: 'adForm.choose' })}</option>
            {areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.label[lang]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        {intl.formatMessage({ id: 'adForm.price' })}
        <input type="number" min={1} inputMode="numeric" value={state.ad.price ?? ''} onChange={(e) => { set({ price: e.target.value === '' ? null : Number(e.target.value) }); }} />
      </label>
      {advice ? (
        <p className="ad-form__hint" role="note">
          {intl.formatMessage(
            { id: advice.national ? 'adForm.priceAdvice.national' : 'adForm.priceAdvice' },
            {
              median: <Amount key="median" text={advice.median.withCurrency} />,
              low: <Amount key="low" text={advice.low.withCurrency} />,
              high: <Amount key="high" text={advice.high.withCurrency} />,
              count: advice.count,
            },
          )}
        </p>
      ) : null}
      <label className="radio">
        <input type="checkbox" checked={state.ad.phoneHidden === true} onChange={(e) => { set({ phoneHidden: e.target.checked }); }} />
        {intl.formatMessage({ id: 'adForm.phoneHidden' })}
      </label>
    </>
  );
}

/** What the step lets through in the browser (the server checks again on save). */
export function stepProblem(step: number, ad: AdInput): MessageId | undefined {
  if (step === 1 && (!ad.categoryId || !ad.adType)) return 'adForm.step1.required';
  if (step === 2) {
    const title = ad.title ?? '';
    const description = ad.description ?? '';
    return adTextProblem(title) ?? lengthProblem(title, TITLE_LENGTH) ?? adTextProblem(description) ?? lengthProblem(description, DESCRIPTION_LENGTH);
  }
  if (step === 4 && !ad.cityId) return 'adForm.step4.city';
  return undefined;
}

export function fromMyAd(ad: MyAdDetail, booked: number[] = []): FormState {
  const params: Record<string, string | number | boolean> = {};
  for (const param of ad.params) {
    params[param.key] = param.kind === 'number' ? Number(param.value) : param.kind === 'boolean' ? param.value === 'true' : param.value;
  }
  return {
    ad: {
      adId: ad.adId,
      categoryId: ad.category.id,
      adType: ad.type.key,
      title: ad.title,
      description: ad.description,
      params,
      urgent: ad.urgent,
      discount: ad.discount,
      delivery: ad.delivery,
      cityId: ad.city.id,
      areaId: ad.area?.id ?? null,
      price: ad.price ? Math.round(ad.price.value) : null,
    },
    // The ad's photos and video as they are: an edit keeps, removes or adds to them.
    media: { photos: ad.images.map((image) => ({ mediaId: image.mediaId, thumb: image.thumb })), video: ad.videoMediaId },
    booked,
  };
}

function Done({ calendarError }: { calendarError: unknown }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <div className="page">
      <h1>{intl.formatMessage({ id: 'adForm.done.title' })}</h1>
      <p role="status">{intl.formatMessage({ id: 'adForm.done.body' }, { minutes: 60 })}</p>
      {calendarError ? <p role="alert">{intl.formatMessage({ id: 'calendar.saveFailed' }, { reason: errorText(intl, calendarError) })}</p> : null}
      <Link to={`${localized(language, PATHS.myAds)}?status=PENDING_REVIEW`}>{intl.formatMessage({ id: 'adForm.done.myAds' })}</Link>
    </div>
  );
}

function AdForm({ initial, adId }: { initial: FormState; adId?: string }) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const step = Math.min(4, Math.max(1, Number(params.step) || 1));
  const memoryKey = adId ?? 'insert';
  const [state, setStateHere] = useState<FormState>(() => (recall(memoryKey) as FormState | undefined) ?? initial);
  const setState = (update: (current: FormState) => FormState) => {
    setStateHere((current) => {
      const next = update(current);
      remember(memoryKey, next);
      return next;
    });
  };
  const [problem, setProblem] = useState<MessageId | undefined>();
  const [serverError, setServerError] = useState<unknown>();
  const [done, setDone] = useState(false);
  const [calendarError, setCalendarError] = useState<unknown>();
  const [saveDraft, saving] = useSaveAdDraftMutation();
  const [submit, submitting] = useSubmitAdMutation();
  const [patch, patching] = usePatchAdMutation();
  const [setAvailability, settingAvailability] = useSetAdAvailabilityMutation();
  const draftId = search.get('draft');
  const busy = saving.isLoading || submitting.isLoading || patching.isLoading || settingAvailability.isLoading;
  const isRental = state.ad.adType === VACATION_RENT;

  const set = (ad: AdInput) => {
    setState((current) => ({ ...current, ad: { ...current.ad, ...ad } }));
  };
  // The current path with another step: the language prefix (or its absence) stays, so the
  // route (and the form's state) stays mounted.
  const stepPath = (n: number, draft: string | null) =>
    location.pathname.replace(/\/\d+$/, `/${String(n)}`) + (draft ? `?draft=${encodeURIComponent(draft)}` : '');
  const payload = (): AdInput => {
    const ad = { ...state.ad, video: state.media.video };
    ad.images = state.media.photos.map((p) => p.mediaId);
    return ad;
  };
  // The calendar is saved once the ad exists; the ad stays saved if the calendar fails.
  const saveCalendar = async (savedAdId: string, always: boolean) => {
    if (!isRental || (!always && state.booked.length === 0)) return;
    try {
      await setAvailability({ adId: savedAdId, periods: periodsOf(new Set(state.booked)) }).unwrap();
    } catch (error) {
      setCalendarError(error);
    }
  };

  const next = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = stepProblem(step, state.ad);
    setProblem(found);
    setServerError(undefined);
    if (found) return;
    // Leave the submit event first: navigating inside it would make React treat the form
    // as a form action of the router's transition.
    await Promise.resolve();
    try {
      if (adId) {
        if (step < 4) await navigate(stepPath(step + 1, null));
        else {
          await patch({ ad: payload() }).unwrap();
          await saveCalendar(adId, true);
          forget(memoryKey);
          setDone(true);
        }
        return;
      }
      const draft = await saveDraft({ draftId, step, ad: payload() }).unwrap();
      if (step < 4) await navigate(stepPath(step + 1, draft.draftId));
      else {
        const submitted = await submit({ draftId: draft.draftId, ad: null }).unwrap();
        await saveCalendar(submitted.adId, false);
        forget(memoryKey);
        setDone(true);
      }
    } catch (error) {
      setServerError(error);
    }
  };

  if (done) return <Done calendarError={calendarError} />;
  const stepLabel = (n: number) => intl.formatMessage({ id: `adForm.step${String(n)}` as MessageId });
  return (
    <div className="page ad-form">
      <h1>{intl.formatMessage({ id: adId ? 'adForm.editTitle' : 'adForm.title.page' })}</h1>
      <ol className="stepper" aria-label={intl.formatMessage({ id: 'adForm.steps' })}>
        {STEPS.map((n) => (
          <li key={n} aria-current={n === step ? 'step' : undefined}>
            {stepLabel(n)}
          </li>
        ))}
      </ol>
      <form onSubmit={(e) => void next(e)} noValidate aria-label={stepLabel(step)}>
        <h2>{stepLabel(step)}</h2>
        {step === 1 ? <Step1 state={state} set={set} /> : null}
        {step === 2 ? <Step2 state={state} set={set} /> : null}
        {step === 3 ? <PhotosStep value={state.media} onChange={(media) => { setState((current) => ({ ...current, media })); }} /> : null}
        {step === 4 ? <Step4 state={state} set={set} /> : null}
        {step === 4 && isRental ? (
          <fieldset>
            <legend>{intl.formatMessage({ id: 'calendar.title' })}</legend>
            <AvailabilityCalendar
              booked={new Set(state.booked)}
              onChange={(next) => { setState((current) => ({ ...current, booked: [...next] })); }}
            />
          </fieldset>
        ) : null}
        {problem ? <p role="alert">{intl.formatMessage({ id: problem })}</p> : null}
        {serverError ? <p role="alert">{errorText(intl, serverError)}</p> : null}
        <div className="my-ad__actions">
          {step > 1 ? (
            <Link className="button" to={stepPath(step - 1, draftId)}>
              {intl.formatMessage({ id: 'adForm.back' })}
            </Link>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {intl.formatMessage({ id: step < 4 ? 'adForm.next' : adId ? 'adForm.saveEdit' : 'adForm.submit' })}
          </button>
        </div>
      </form>
    </div>
  );
}

function EditAdForm({ adId }: { adId: string }) {
  const intl = useIntl();
  const { currentData, error, isError, refetch } = useGetMyAdQuery({ adId });
  const isRental = currentData?.type.key === VACATION_RENT;
  const calendar = useGetAdAvailabilityQuery({ listId: currentData?.listId ?? 0 }, { skip: !isRental });
  if (isError) return <div className="page"><ErrorMessage error={error} onRetry={() => void refetch()} /></div>;
  if (isRental && calendar.isError) return <div className="page"><ErrorMessage error={calendar.error} onRetry={() => void calendar.refetch()} /></div>;
  if (!currentData || (isRental && !calendar.currentData)) return <div className="page"><Loader label={intl.formatMessage({ id: 'adForm.loading' })} /></div>;
  return <AdForm initial={fromMyAd(currentData, [...daysOf(calendar.currentData ?? [])])} adId={adId} />;
}

export default function AdFormPage() {
  const intl = useIntl();
  const { adId } = useParams();
  useDocumentTitle(intl.formatMessage({ id: adId ? 'adForm.editTitle' : 'adForm.title.page' }));
  const [initial] = useState<FormState>({ ad: { urgent: false, delivery: false, phoneHidden: false, params: {} }, media: { photos: [], video: null }, booked: [] });
  if (adId) return <EditAdForm key={adId} adId={adId} />;
  return <AdForm initial={initial} />;
}
