// What each step of the ad form needs before it is sent, field by field, in the order the
// fields appear (the first one gets the focus): the same rules the server applies on save
// (domain/src/ad_form.rs, ad_params.rs), with the limits read from the server's rules (LIMITS),
// so that the person reads what is wrong beside the field instead of after a round trip.

import type { AdInput, ParamSpec } from '../../api/ads';
import type { Category } from '../../api/catalog';
import type { MessageId } from '../../app/i18n';
import { LIMITS } from '../../app/rules';
import { textProblem } from './adText';

/** A field's problem: its message and the message's values. */
export interface FieldProblem {
  /** 'category', 'adType', 'title', 'description', 'param.<key>', 'discount', 'uploads', 'city', 'price'. */
  field: string;
  id: MessageId;
  values?: Record<string, string | number>;
}

/** The vertical whose jobs and services may go without a price (domain `price_required`). */
const JOBS_AND_SERVICES = 30000;

/** Whether an ad type offers something: its required parameters are then required (domain `is_offer`). */
export function isOffer(adType: string | undefined): boolean {
  return ['sell', 'rent', 'vacation_rent', 'job_offer', 'service_offer'].includes(adType ?? '');
}

/** The top of a category's tree (its vertical). */
export function rootOf(categories: readonly Category[], id: number | undefined): Category | undefined {
  const byId = new Map(categories.map((c) => [c.id, c]));
  let current = id === undefined ? undefined : byId.get(id);
  for (let hops = 0; current && current.parentId !== null && hops < 10; hops += 1) current = byId.get(current.parentId) ?? current;
  return current;
}

/** Whether the ad needs a price: goods, vehicles and property on offer do (domain `price_required`). */
export function priceRequired(categories: readonly Category[], ad: AdInput): boolean {
  return rootOf(categories, ad.categoryId)?.id !== JOBS_AND_SERVICES && ['sell', 'rent', 'vacation_rent'].includes(ad.adType ?? '');
}

export interface StepContext {
  /** The category's parameters (step 2), once read. */
  specs?: readonly ParamSpec[];
  /** The categories (step 4: whether a price is needed), once read. */
  categories?: readonly Category[];
  /** Photos still being sent, and photos whose sending failed (step 3). */
  uploading?: number;
  failed?: number;
}

function numberProblem(field: string, value: number, min: number | null, max: number | null): FieldProblem | undefined {
  if (min !== null && value < min) return { field, id: 'adForm.minValue', values: { min } };
  if (max !== null && value > max) return { field, id: 'adForm.maxValue', values: { max } };
  return undefined;
}

/** Every problem of `step`, in the order of its fields. */
export function stepProblems(step: number, ad: AdInput, context: StepContext = {}): FieldProblem[] {
  const found: (FieldProblem | undefined)[] = [];
  if (step === 1) {
    if (!ad.categoryId) found.push({ field: 'category', id: 'adForm.category.choose' });
    else if (!ad.adType) found.push({ field: 'adType', id: 'adForm.adType.choose' });
  }
  if (step === 2) {
    for (const [field, kind] of [
      ['title', 'title'],
      ['description', 'description'],
    ] as const) {
      const id = textProblem(ad[field] ?? '', kind);
      if (id) found.push({ field, id, values: kind === 'title' ? { min: LIMITS.adTitleMin, max: LIMITS.adTitleMax } : { min: LIMITS.adDescriptionMin, max: LIMITS.adDescriptionMax } });
    }
    const params = ad.params ?? {};
    for (const spec of context.specs ?? []) {
      const value = params[spec.key];
      const field = `param.${spec.key}`;
      if (value === undefined || value === '') {
        if (spec.requiredForOffers && isOffer(ad.adType) && spec.kind !== 'boolean') found.push({ field, id: 'validation.required' });
      } else if (spec.kind === 'number' && typeof value === 'number') {
        found.push(numberProblem(field, value, spec.min, spec.max));
      }
    }
    if (ad.discount !== undefined && ad.discount !== null) found.push(numberProblem('discount', ad.discount, LIMITS.discountMin, LIMITS.discountMax));
  }
  if (step === 3) {
    if (context.uploading) found.push({ field: 'uploads', id: 'adForm.photos.wait' });
    else if (context.failed) found.push({ field: 'uploads', id: 'adForm.photos.failedLeft' });
  }
  if (step === 4) {
    if (!ad.cityId) found.push({ field: 'city', id: 'adForm.step4.city' });
    if (ad.price === undefined || ad.price === null) {
      if (context.categories && priceRequired(context.categories, ad)) found.push({ field: 'price', id: 'adForm.price.required' });
    } else {
      found.push(numberProblem('price', ad.price, 1, LIMITS.priceMaxDh));
    }
  }
  return found.filter((problem): problem is FieldProblem => problem !== undefined);
}
