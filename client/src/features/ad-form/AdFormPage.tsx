// The ad form (spec §2: /ad/insert/{step}, /ad/edit/{id}/{step}): a stepper of four steps
// (1 the category, chosen among searchable tiles (CategoryTiles.tsx), and the ad type; 2 text,
// the category's parameters (those with a catalogue `source` chosen from the car catalogue:
// CatalogueSelect.tsx), urgent, discount, delivery; 3 photos and video (PhotosStep.tsx: order,
// cover, progress); 4 city, area, price with its advice, phone hidden). A new ad saves each
// step with saveAdDraft (the draft id rides in the URL as ?draft=) and ends with submitAd; an
// edit loads getMyAd and ends with patchAd. Either way the seller is told that the ad waits for
// moderation (within 60 minutes), and a new ad is offered its boost (/checkout/boost?ad=).
// Each field says what is wrong with it (stepRules.ts, translated) once it is left or the step
// is sent, and sending a step with problems moves the focus to the first field concerned. What
// is typed survives the move between steps (formMemory.ts). A vacation rental's step 4 also
// holds its availability calendar, saved with setAdAvailability once the ad exists.

import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
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
import { useGetAreasQuery, useGetCategoriesQuery, useGetCitiesFormattedNextQuery } from '../../api/catalog';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { LIMITS } from '../../app/rules';
import { boostPath } from '../payment/paymentPaths';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { errorText } from '../../ui/errorText';
import { Loader } from '../../ui/Loader';
import { Amount } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { buttonClass } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Field, TextArea } from '../../ui/Field';
import { RadioCards } from '../../ui/RadioCards';
import { SearchableSelect } from '../../ui/SearchableSelect';
import { Stepper } from '../../ui/Stepper';
import { DESCRIPTION_LENGTH, textLength, TITLE_LENGTH } from './adText';
import { CategoryTiles } from './CategoryTiles';
import { forget, recall, remember } from './formMemory';
import { PhotosStep, type PhotosValue, type UploadCounts } from './PhotosStep';
import { AvailabilityCalendar } from '../availability/AvailabilityCalendar';
import { CatalogueSelect, isCatalogueSource, type CatalogueSource } from './CatalogueSelect';
import { daysOf, periodsOf } from '../availability/days';
import { isOffer, stepProblems, type FieldProblem } from './stepRules';
import './adForm.css';

export const STEPS = [1, 2, 3, 4] as const;

export interface FormState {
  ad: AdInput;
  media: PhotosValue;
  /** Booked nights of a vacation rental (days since 1970). */
  booked: number[];
}

const VACATION_RENT = 'vacation_rent';

/** What a step's fields show: a field's translated problem (once left, or once the step is sent), and "left". */
interface Checks {
  problemOf: (field: string) => string | undefined;
  touch: (field: string) => void;
}

function Step1({ state, set, checks }: { state: FormState; set: (ad: AdInput) => void; checks: Checks }) {
  const intl = useIntl();
  const lang = useLanguage();
  const types = useRef<HTMLDivElement>(null);
  const { data, error, isError, refetch } = useGetCategoriesQuery({ lang });
  if (isError) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loader />;
  const category = state.ad.categoryId ? data.find((c) => c.id === state.ad.categoryId) : undefined;
  const typeProblem = checks.problemOf('adType');
  return (
    <>
      <CategoryTiles
        categories={data}
        value={state.ad.categoryId}
        problem={checks.problemOf('category')}
        onChange={(categoryId, byPointer) => {
          if (categoryId === state.ad.categoryId) return;
          const chosen = data.find((c) => c.id === categoryId);
          // A category with a single ad type has it chosen already.
          const only = chosen?.adTypes.length === 1 ? chosen.adTypes[0]?.key : undefined;
          set({ categoryId, adType: only, params: {} });
          // A pointer's choice brings the ad type into view; the keyboard stays among the tiles.
          if (byPointer) {
            setTimeout(() => {
              const element = types.current;
              if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
            }, 0);
          }
        }}
      />
      {category ? (
        <div ref={types} className="ad-form__types" data-field="adType" data-invalid={typeProblem ? true : undefined}>
          <RadioCards
            legend={intl.formatMessage({ id: 'adForm.adType' })}
            name="adType"
            value={state.ad.adType}
            options={[...category.adTypes].sort((a, b) => a.order - b.order).map((type) => ({ value: type.key, label: type.label[lang] }))}
            onValueChange={(adType) => { set({ adType }); }}
          />
          {typeProblem ? (
            <p className="ui-field__problem" aria-live="polite">
              {typeProblem}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function Step2({ state, set, checks }: { state: FormState; set: (ad: AdInput) => void; checks: Checks }) {
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
  const counter = (text: string, max: number) => {
    const count = textLength(text);
    return { count, max, announce: intl.formatMessage({ id: 'adForm.counter' }, { count, max }) };
  };
  return (
    <>
      <Field label={intl.formatMessage({ id: 'adForm.title' })} problem={checks.problemOf('title')} counter={counter(title, TITLE_LENGTH.max)} required>
        {(control) => (
          <input
            {...control}
            dir="auto"
            className="ui-field__control"
            value={title}
            maxLength={TITLE_LENGTH.max * 2}
            onChange={(e) => { set({ title: e.target.value }); }}
            onBlur={() => { checks.touch('title'); }}
          />
        )}
      </Field>
      <TextArea
        label={intl.formatMessage({ id: 'adForm.description' })}
        hint={intl.formatMessage({ id: 'adForm.description.hint' })}
        problem={checks.problemOf('description')}
        counter={counter(description, DESCRIPTION_LENGTH.max)}
        rows={7}
        required
        value={description}
        onValueChange={(value) => { set({ description: value }); }}
        onBlur={() => { checks.touch('description'); }}
      />
      <div className="ad-form__params">
        {(specs ?? []).map((spec) => {
          const required = spec.requiredForOffers && isOffer(state.ad.adType);
          const label = `${spec.label}${spec.unit ? ` (${spec.unit})` : ''}${required && spec.kind !== 'boolean' ? ' *' : ''}`;
          const current = params[spec.key];
          const field = `param.${spec.key}`;
          const problem = checks.problemOf(field);
          const touch = () => { checks.touch(field); };
          if (spec.kind === 'boolean') {
            return <Checkbox key={spec.key} label={label} checked={current === true} onCheckedChange={(checked) => { setParam(spec.key, checked ? true : undefined); }} />;
          }
          if (spec.kind === 'choice' && spec.choices.length > 0) {
            return (
              <div key={spec.key} className="ad-form__choice" onBlur={touch}>
                <SearchableSelect
                  label={label}
                  value={typeof current === 'string' ? current : ''}
                  placeholder={intl.formatMessage({ id: 'adForm.choose' })}
                  noMatch={intl.formatMessage({ id: 'common.noMatch' })}
                  options={spec.choices.map((choice) => ({ value: choice.key, label: choice.label }))}
                  problem={problem}
                  onValueChange={(value) => { setParam(spec.key, value); }}
                />
              </div>
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
                problem={problem}
                onBlur={touch}
                onChange={(value) => { setCatalogueParam(spec.key, source, value); }}
              />
            );
          }
          return (
            <Field key={spec.key} label={label} problem={problem}>
              {(control) => (
                <input
                  {...control}
                  className="ui-field__control"
                  type={spec.kind === 'number' ? 'number' : 'text'}
                  inputMode={spec.kind === 'number' ? 'numeric' : undefined}
                  min={spec.min ?? undefined}
                  max={spec.max ?? undefined}
                  value={current === undefined ? '' : String(current)}
                  onBlur={touch}
                  onChange={(e) => { setParam(spec.key, spec.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value); }}
                />
              )}
            </Field>
          );
        })}
        <Field label={intl.formatMessage({ id: 'adForm.discount' })} problem={checks.problemOf('discount')}>
          {(control) => (
            <input
              {...control}
              className="ui-field__control"
              type="number"
              inputMode="numeric"
              min={LIMITS.discountMin}
              max={LIMITS.discountMax}
              value={state.ad.discount ?? ''}
              onBlur={() => { checks.touch('discount'); }}
              onChange={(e) => { set({ discount: e.target.value === '' ? null : Number(e.target.value) }); }}
            />
          )}
        </Field>
      </div>
      <div className="ad-form__options">
        <Checkbox label={intl.formatMessage({ id: 'adForm.urgent' })} checked={state.ad.urgent === true} onCheckedChange={(urgent) => { set({ urgent }); }} />
        <Checkbox label={intl.formatMessage({ id: 'adForm.delivery' })} checked={state.ad.delivery === true} onCheckedChange={(delivery) => { set({ delivery }); }} />
      </div>
    </>
  );
}

function Step4({ state, set, checks }: { state: FormState; set: (ad: AdInput) => void; checks: Checks }) {
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
      <div className="ad-form__params">
        <div
          className="ad-form__city"
          onBlur={() => { checks.touch('city'); }}
        >
          <SearchableSelect
            label={intl.formatMessage({ id: 'adForm.city' })}
            placeholder={intl.formatMessage({ id: 'adForm.city.search' })}
            noMatch={intl.formatMessage({ id: 'common.noMatch' })}
            value={cityId ? String(cityId) : ''}
            options={(cities?.cities ?? []).filter((c) => c.type === 'city').map((c) => ({ value: c.value, label: c.label }))}
            onValueChange={(value) => { set({ cityId: Number(value) || undefined, areaId: null }); }}
            problem={checks.problemOf('city')}
            required
          />
        </div>
        {areas && areas.length > 0 ? (
          <SearchableSelect
            label={intl.formatMessage({ id: 'adForm.area' })}
            value={state.ad.areaId ? String(state.ad.areaId) : ''}
            placeholder={intl.formatMessage({ id: 'adForm.choose' })}
            noMatch={intl.formatMessage({ id: 'common.noMatch' })}
            options={areas.map((area) => ({ value: String(area.id), label: area.label[lang] }))}
            onValueChange={(value) => { set({ areaId: Number(value) || null }); }}
          />
        ) : null}
        <Field
          label={intl.formatMessage({ id: 'adForm.price' })}
          problem={checks.problemOf('price')}
          hint={
            advice ? (
              <span role="note">
                {intl.formatMessage(
                  { id: advice.national ? 'adForm.priceAdvice.national' : 'adForm.priceAdvice' },
                  {
                    median: <Amount key="median" text={advice.median.withCurrency} />,
                    low: <Amount key="low" text={advice.low.withCurrency} />,
                    high: <Amount key="high" text={advice.high.withCurrency} />,
                    count: advice.count,
                  },
                )}
              </span>
            ) : undefined
          }
        >
          {(control) => (
            <input
              {...control}
              className="ui-field__control"
              type="number"
              min={1}
              max={LIMITS.priceMaxDh}
              inputMode="numeric"
              value={state.ad.price ?? ''}
              onBlur={() => { checks.touch('price'); }}
              onChange={(e) => { set({ price: e.target.value === '' ? null : Number(e.target.value) }); }}
            />
          )}
        </Field>
      </div>
      <Checkbox label={intl.formatMessage({ id: 'adForm.phoneHidden' })} checked={state.ad.phoneHidden === true} onCheckedChange={(phoneHidden) => { set({ phoneHidden }); }} />
    </>
  );
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

/** The posted ad's success screen; a new ad (not an edit) is offered its boost. */
function Done({ calendarError, boostAdId }: { calendarError: unknown; boostAdId?: string }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <div className="page">
      <h1>{intl.formatMessage({ id: 'adForm.done.title' })}</h1>
      <p role="status">{intl.formatMessage({ id: 'adForm.done.body' }, { minutes: 60 })}</p>
      {calendarError ? <p role="alert">{intl.formatMessage({ id: 'calendar.saveFailed' }, { reason: errorText(intl, calendarError) })}</p> : null}
      {boostAdId ? (
        <section className="ad-form__boost" aria-labelledby="ad-form-boost">
          <h2 id="ad-form-boost">{intl.formatMessage({ id: 'adForm.done.boost' })}</h2>
          <p>{intl.formatMessage({ id: 'adForm.done.boostWhy' })}</p>
          <Link className="button" to={boostPath(language, boostAdId)}>
            {intl.formatMessage({ id: 'adForm.done.boost' })}
          </Link>
        </section>
      ) : null}
      <Link to={`${localized(language, PATHS.myAds)}?status=PENDING_REVIEW`}>{intl.formatMessage({ id: 'adForm.done.myAds' })}</Link>
    </div>
  );
}

function AdForm({ initial, adId, maxPhotos }: { initial: FormState; adId?: string; maxPhotos?: number }) {
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
  const lang = useLanguage();
  // The fields left since the step opened, and whether the step was sent: their problems show.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [sent, setSent] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  const [uploads, setUploads] = useState<UploadCounts>({ uploading: 0, failed: 0 });
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<unknown>();
  const [done, setDone] = useState(false);
  const [postedAdId, setPostedAdId] = useState<string | undefined>();
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
  const updateMedia = useCallback(
    (change: (media: PhotosValue) => PhotosValue) => {
      setStateHere((current) => {
        const updated = { ...current, media: change(current.media) };
        remember(memoryKey, updated);
        return updated;
      });
    },
    [memoryKey],
  );
  // What the rules need besides the ad: the category's parameters (step 2), the categories
  // (step 4: whether a price is needed), the photos on their way (step 3). All cached reads.
  const { data: specs } = useGetAdParamsQuery({ categoryId: state.ad.categoryId ?? 0, lang }, { skip: step !== 2 || !state.ad.categoryId });
  const { data: categories } = useGetCategoriesQuery({ lang }, { skip: step !== 4 });
  const problems: FieldProblem[] = stepProblems(step, state.ad, { specs, categories, ...uploads });
  const checks: Checks = {
    problemOf: (field) => {
      const found = problems.find((p) => p.field === field);
      return found && (sent || touched.has(field)) ? intl.formatMessage({ id: found.id }, found.values) : undefined;
    },
    touch: (field) => {
      setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
    },
  };
  // After a refused send, the first field with a problem takes the focus (DOM order is field order).
  useEffect(() => {
    if (focusFirst === 0 || !formRef.current) return;
    const target = formRef.current.querySelector<HTMLElement>(
      '[aria-invalid="true"]:not(:disabled), [data-invalid] input:not(:disabled), [data-invalid] button:not(:disabled)',
    );
    if (!target) return;
    target.focus();
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  }, [focusFirst]);
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
    setServerError(undefined);
    if (problems.length > 0) {
      setSent(true);
      setFocusFirst((n) => n + 1);
      return;
    }
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
        setPostedAdId(submitted.adId);
        setDone(true);
      }
    } catch (error) {
      setServerError(error);
    }
  };

  if (done) return <Done calendarError={calendarError} boostAdId={postedAdId} />;
  const stepLabel = (n: number) => intl.formatMessage({ id: `adForm.step${String(n)}` as MessageId });
  return (
    <div className="page ad-form">
      <h1>{intl.formatMessage({ id: adId ? 'adForm.editTitle' : 'adForm.title.page' })}</h1>
      <Stepper steps={STEPS.map(stepLabel)} current={step} label={intl.formatMessage({ id: 'adForm.steps' })} />
      <form ref={formRef} onSubmit={(e) => void next(e)} noValidate aria-label={stepLabel(step)}>
        <h2>{stepLabel(step)}</h2>
        {step === 1 ? <Step1 state={state} set={set} checks={checks} /> : null}
        {step === 2 ? <Step2 state={state} set={set} checks={checks} /> : null}
        {step === 3 ? <PhotosStep value={state.media} maxPhotos={maxPhotos} update={updateMedia} onUploadsChange={setUploads} problem={checks.problemOf('uploads')} /> : null}
        {step === 4 ? <Step4 state={state} set={set} checks={checks} /> : null}
        {step === 4 && isRental ? (
          <fieldset className="ad-form__section">
            <legend>{intl.formatMessage({ id: 'calendar.title' })}</legend>
            <AvailabilityCalendar
              booked={new Set(state.booked)}
              onChange={(next) => { setState((current) => ({ ...current, booked: [...next] })); }}
            />
          </fieldset>
        ) : null}
        {serverError ? <p role="alert" className="ad-form__alert">{errorText(intl, serverError)}</p> : null}
        <div className="ad-form__actions">
          {step > 1 ? (
            <Link
              className={buttonClass({ weight: 'secondary' })}
              to={stepPath(step - 1, draftId)}
              onClick={(event) => {
                // A photo on its way would be lost with the step: wait for it, as "next" does.
                if (uploads.uploading > 0) {
                  event.preventDefault();
                  setSent(true);
                  setFocusFirst((n) => n + 1);
                }
              }}
            >
              {intl.formatMessage({ id: 'adForm.back' })}
            </Link>
          ) : null}
          <button type="submit" className="button ad-form__next" disabled={busy}>
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
  return <AdForm initial={fromMyAd(currentData, [...daysOf(calendar.currentData ?? [])])} adId={adId} maxPhotos={currentData.photoAllowance} />;
}

export default function AdFormPage() {
  const intl = useIntl();
  const { adId } = useParams();
  useDocumentTitle(intl.formatMessage({ id: adId ? 'adForm.editTitle' : 'adForm.title.page' }));
  const [initial] = useState<FormState>({ ad: { urgent: false, delivery: false, phoneHidden: false, params: {} }, media: { photos: [], video: null }, booked: [] });
  if (adId) return <EditAdForm key={adId} adId={adId} />;
  return <AdForm initial={initial} />;
}
