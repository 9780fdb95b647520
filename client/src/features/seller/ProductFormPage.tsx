// The product form of the seller centre (spec §2 /product/insert and /product/edit/{id}, §3
// seller product, §5 product insert; desktop only): name, sub-category (required, from the
// category tree), city, description, photos (the ad photo pipeline, POST /api/ads/photos, cover
// first, 1 to 8), units in stock, unit price in DH, a discount (a percentage or an amount), the
// reference (SKU) and a boost pack. The browser checks what it can; the server's refusals
// show under the field they name (its `detail`) and above the form. An insert ends on the
// "insert success" screen; an edit goes back to the products with a toast.

import { useId, useMemo, useState, type ChangeEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useGetCategoriesQuery, type Category } from '../../api/catalog';
import { isGatewayError } from '../../api/gateway';
import {
  useEditProductMutation,
  useGetMyProductQuery,
  useInsertProductMutation,
  type DiscountKind,
  type Product,
  type ProductInput,
} from '../../api/seller';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { toastShown } from '../../ui/toastSlice';
import { CityPicker } from '../account/CityPicker';
import { MAX_PHOTOS, photoProblem, uploadMedia } from '../ad-form/media';
import { adPath } from '../ads/adPaths';
import { discountProblem, MAX_UNITS, ProductPrice } from './ProductsPage';
import { NoticeCard, SellerCentre } from './SellerCentre';

export const NAME_LIMITS = { min: 3, max: 100 } as const;
export const DESCRIPTION_MAX = 4000;
export const BOOST_PACKS = ['bump', 'gallery', 'special', 'highlight'] as const;

export interface ProductFormValues {
  name: string;
  categoryId: number | undefined;
  cityId: number | undefined;
  description: string;
  photos: { mediaId: string; thumb: string }[];
  units: string;
  unitPrice: string;
  discountKind: DiscountKind | 'none';
  discountValue: string;
  reference: string;
  boostPack: string;
}

type Field = keyof ProductFormValues;
export type FormProblems = Partial<Record<Field, string>>;

const EMPTY: ProductFormValues = {
  name: '',
  categoryId: undefined,
  cityId: undefined,
  description: '',
  photos: [],
  units: '1',
  unitPrice: '',
  discountKind: 'none',
  discountValue: '',
  reference: '',
  boostPack: '',
};

function valuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    categoryId: product.categoryId,
    cityId: product.cityId,
    description: product.description,
    photos: product.images.flatMap((image) => (image.mediaId ? [{ mediaId: image.mediaId, thumb: image.thumb }] : [])),
    units: String(product.units),
    unitPrice: String(Math.round(product.unitPrice.centimes / 100)),
    discountKind: product.discount?.kind ?? 'none',
    discountValue: product.discount ? String(product.discount.value) : '',
    reference: product.reference ?? '',
    boostPack: product.boostPack ?? '',
  };
}

/** What the browser refuses before sending (spec §5 product insert), as message keys. */
export function productProblems(values: ProductFormValues): Partial<Record<Field, MessageId>> {
  const problems: Partial<Record<Field, MessageId>> = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'seller.product.error.nameRequired';
  else if (Array.from(name).length < NAME_LIMITS.min || Array.from(name).length > NAME_LIMITS.max) problems.name = 'seller.product.error.nameLength';
  if (values.categoryId === undefined) problems.categoryId = 'seller.product.error.category';
  if (values.cityId === undefined) problems.cityId = 'validation.city.required';
  if (Array.from(values.description).length > DESCRIPTION_MAX) problems.description = 'seller.product.error.description';
  if (values.photos.length === 0) problems.photos = 'seller.product.error.photos';
  const units = Number(values.units);
  if (values.units.trim() === '' || !Number.isInteger(units) || units < 0 || units > MAX_UNITS) problems.units = 'seller.product.error.units';
  const price = Number(values.unitPrice);
  if (values.unitPrice.trim() === '' || !Number.isInteger(price) || price < 1) problems.unitPrice = 'seller.product.error.price';
  if (values.discountKind !== 'none') {
    const problem = discountProblem(values.discountKind, values.discountValue, Number.isInteger(price) ? price : 0);
    if (problem) problems.discountValue = problem;
  }
  return problems;
}

export function inputOf(values: ProductFormValues): ProductInput {
  return {
    name: values.name.trim(),
    categoryId: values.categoryId ?? 0,
    cityId: values.cityId ?? 0,
    description: values.description.trim(),
    mediaIds: values.photos.map((photo) => photo.mediaId),
    units: Number(values.units),
    unitPrice: Number(values.unitPrice),
    discount: values.discountKind === 'none' ? null : { kind: values.discountKind, value: Number(values.discountValue) },
    reference: values.reference.trim() || null,
    boostPack: values.boostPack || null,
  };
}

/** The form field a server refusal names in its `detail` ("unitPrice", "discount: ...", "mediaIds"). */
export function fieldOfServerError(error: unknown): Field | undefined {
  if (!isGatewayError(error)) return undefined;
  const detail = error.extensions?.detail;
  if (typeof detail !== 'string') return undefined;
  const word = /^[A-Za-z]+/.exec(detail)?.[0] ?? '';
  const fields: Record<string, Field> = {
    name: 'name',
    categoryId: 'categoryId',
    category: 'categoryId',
    cityId: 'cityId',
    city: 'cityId',
    description: 'description',
    mediaIds: 'photos',
    images: 'photos',
    units: 'units',
    unitPrice: 'unitPrice',
    price: 'unitPrice',
    discount: 'discountValue',
    reference: 'reference',
    boostPack: 'boostPack',
  };
  return fields[word];
}

function FieldBox({ id, label, problem, hint, required, children }: { id: string; label: string; problem?: string; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="field__problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** `aria-*` of an input with its hint and problem. */
function described(id: string, problem: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : undefined, problem ? `${id}-problem` : undefined].filter(Boolean).join(' ');
  return { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

function CategorySelect({ value, problem, onChange }: { value: number | undefined; problem?: string; onChange: (id: number | undefined) => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const id = useId();
  const { currentData, isError, error, refetch } = useGetCategoriesQuery({ lang });
  const groups = useMemo(() => {
    const all: Category[] = currentData ?? [];
    const byId = new Map(all.map((c) => [c.id, c]));
    const rootOf = (category: Category): Category => {
      let current = category;
      while (current.parentId !== null) {
        const parent = byId.get(current.parentId);
        if (!parent) break;
        current = parent;
      }
      return current;
    };
    const leaves = all.filter((c) => c.childrenIds.length === 0 && c.parentId !== null);
    const roots = all.filter((c) => c.parentId === null);
    return roots.map((root) => ({
      root,
      leaves: leaves
        .filter((leaf) => rootOf(leaf).id === root.id)
        .map((leaf) => ({ id: leaf.id, label: leaf.parentId !== root.id ? `${byId.get(leaf.parentId ?? 0)?.name ?? ''} › ${leaf.name}` : leaf.name })),
    }));
  }, [currentData]);
  const label = intl.formatMessage({ id: 'seller.product.category' });
  if (isError && !currentData) {
    return (
      <div className="field">
        <span className="field__label">{label}</span>
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <FieldBox id={id} label={label} problem={problem} required>
      <select
        {...described(id, problem)}
        className="field__input"
        value={value === undefined ? '' : String(value)}
        disabled={!currentData}
        onChange={(event) => {
          onChange(event.target.value ? Number(event.target.value) : undefined);
        }}
      >
        <option value="">{intl.formatMessage({ id: currentData ? 'seller.product.category.choose' : 'common.loading' })}</option>
        {groups.map((group) => (
          <optgroup key={group.root.id} label={group.root.name}>
            {group.leaves.map((leaf) => (
              <option key={leaf.id} value={leaf.id}>
                {leaf.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldBox>
  );
}

function Photos({ photos, problem, onChange }: { photos: ProductFormValues['photos']; problem?: string; onChange: (photos: ProductFormValues['photos']) => void }) {
  const intl = useIntl();
  const id = useId();
  const [uploading, setUploading] = useState<{ name: string; fraction: number }[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    let current = photos;
    for (const file of files) {
      const refused = photoProblem(file, current.length);
      if (refused) {
        found.push(intl.formatMessage({ id: 'adForm.fileProblem' }, { name: file.name, problem: intl.formatMessage({ id: refused }, { max: MAX_PHOTOS }) }));
        continue;
      }
      setUploading((list) => [...list, { name: file.name, fraction: 0 }]);
      try {
        const uploaded = await uploadMedia('photos', file, (fraction) => {
          setUploading((list) => list.map((item) => (item.name === file.name ? { ...item, fraction } : item)));
        });
        current = [...current, { mediaId: uploaded.mediaId, thumb: uploaded.urls.thumb }];
        onChange(current);
      } catch (error) {
        found.push(intl.formatMessage({ id: 'adForm.fileProblem' }, { name: file.name, problem: errorText(intl, error) }));
      } finally {
        setUploading((list) => list.filter((item) => item.name !== file.name));
      }
    }
    setFileProblems(found);
  };
  return (
    <fieldset className="product-photos" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="field__label">
        {intl.formatMessage({ id: 'seller.product.photos' })}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p className="field__hint">{intl.formatMessage({ id: 'seller.product.photos.hint' }, { count: photos.length, max: MAX_PHOTOS })}</p>
      <ul className="product-photos__list" aria-label={intl.formatMessage({ id: 'adForm.photos.list' })}>
        {photos.map((photo, index) => (
          <li key={photo.mediaId} className="product-photos__item">
            <img src={photo.thumb} alt={intl.formatMessage({ id: 'adForm.photos.photo' }, { n: index + 1 })} />
            {index === 0 ? <span className="product-photos__cover">{intl.formatMessage({ id: 'adForm.photos.cover' })}</span> : null}
            <button
              type="button"
              className="product-photos__remove"
              aria-label={intl.formatMessage({ id: 'adForm.photos.remove' }, { n: index + 1 })}
              onClick={() => {
                onChange(photos.filter((p) => p.mediaId !== photo.mediaId));
              }}
            >
              ×
            </button>
          </li>
        ))}
        {photos.length < MAX_PHOTOS ? (
          <li className="product-photos__item product-photos__item--add">
            <label className="product-photos__add">
              <span aria-hidden="true" className="product-photos__plus">
                +
              </span>
              <span>{intl.formatMessage({ id: 'adForm.photos.add' })}</span>
              <input className="visually-hidden" type="file" accept="image/jpeg,image/png" multiple onChange={(event) => void add(event)} />
            </label>
          </li>
        ) : null}
      </ul>
      {uploading.map((item) => (
        <label key={item.name} className="field">
          {intl.formatMessage({ id: 'adForm.uploading' }, { name: item.name })}
          <progress max={1} value={item.fraction} />
        </label>
      ))}
      {fileProblems.length > 0 ? (
        <ul role="alert" className="field__problem">
          {fileProblems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="field__problem">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

interface FormProps {
  initial: ProductFormValues;
  editing: Product | undefined;
  onSaved: (product: Product) => void;
}

function ProductForm({ initial, editing, onSaved }: FormProps) {
  const intl = useIntl();
  const language = useLanguage();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<unknown>();
  const [insert, inserting] = useInsertProductMutation();
  const [edit, editing_] = useEditProductMutation();
  const saving = inserting.isLoading || editing_.isLoading;
  const local = productProblems(values);
  const serverField = fieldOfServerError(serverError);
  const shown: FormProblems = {};
  for (const [field, key] of Object.entries(local) as [Field, MessageId][]) {
    if (submitted) shown[field] = intl.formatMessage({ id: key }, { min: NAME_LIMITS.min, max: field === 'units' ? MAX_UNITS : field === 'description' ? DESCRIPTION_MAX : NAME_LIMITS.max, price: `${values.unitPrice} DH` });
  }
  if (serverField && !shown[serverField]) shown[serverField] = errorText(intl, serverError);
  const set = <K extends Field>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverField === field) setServerError(undefined);
  };
  const ids = { name: useId(), description: useId(), units: useId(), price: useId(), discount: useId(), reference: useId(), boost: useId() };

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(undefined);
    if (Object.keys(local).length > 0) return;
    try {
      const input = inputOf(values);
      const product = editing ? await edit({ id: editing.id, input }).unwrap() : await insert({ input }).unwrap();
      onSaved(product);
    } catch (error) {
      setServerError(error);
    }
  };

  const price = Number(values.unitPrice);
  const preview =
    Number.isInteger(price) && price > 0 && values.discountKind !== 'none' && !local.discountValue
      ? values.discountKind === 'percent'
        ? Math.round(price * (100 - Number(values.discountValue))) / 100
        : price - Number(values.discountValue)
      : undefined;

  return (
    <form className="product-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {serverError && !serverField ? <ErrorMessage error={serverError} /> : null}
      {submitted && Object.keys(local).length > 0 ? (
        <p className="form-summary" role="alert">
          {intl.formatMessage({ id: 'seller.product.form.fix' }, { count: Object.keys(local).length })}
        </p>
      ) : null}
      <div className="product-form__grid">
        <section className="form-card" aria-labelledby="product-about">
          <h2 id="product-about">{intl.formatMessage({ id: 'seller.product.form.about' })}</h2>
          <FieldBox id={ids.name} label={intl.formatMessage({ id: 'seller.product.name' })} problem={shown.name} required>
            <input
              {...described(ids.name, shown.name)}
              className="field__input"
              dir="auto"
              maxLength={NAME_LIMITS.max + 20}
              value={values.name}
              onChange={(event) => {
                set('name', event.target.value);
              }}
            />
          </FieldBox>
          <CategorySelect
            value={values.categoryId}
            problem={shown.categoryId}
            onChange={(id) => {
              set('categoryId', id);
            }}
          />
          <CityPicker
            value={values.cityId}
            onChange={(id) => {
              set('cityId', id);
            }}
            problem={local.cityId && submitted ? local.cityId : undefined}
          />
          {serverField === 'cityId' ? <p className="field__problem">{shown.cityId}</p> : null}
          <FieldBox
            id={ids.description}
            label={intl.formatMessage({ id: 'seller.product.description' })}
            problem={shown.description}
            hint={intl.formatMessage({ id: 'seller.product.description.hint' }, { count: Array.from(values.description).length, max: DESCRIPTION_MAX })}
          >
            <textarea
              {...described(ids.description, shown.description, true)}
              className="field__input"
              dir="auto"
              rows={6}
              value={values.description}
              onChange={(event) => {
                set('description', event.target.value);
              }}
            />
          </FieldBox>
          <Photos
            photos={values.photos}
            problem={shown.photos}
            onChange={(photos) => {
              set('photos', photos);
            }}
          />
        </section>
        <div className="product-form__side">
          <section className="form-card" aria-labelledby="product-sale">
            <h2 id="product-sale">{intl.formatMessage({ id: 'seller.product.form.sale' })}</h2>
            <div className="field-row">
              <FieldBox id={ids.price} label={intl.formatMessage({ id: 'seller.product.unitPrice' })} problem={shown.unitPrice} required>
                <div className="input-affix">
                  <input
                    {...described(ids.price, shown.unitPrice)}
                    className="field__input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={values.unitPrice}
                    onChange={(event) => {
                      set('unitPrice', event.target.value);
                    }}
                  />
                  <span className="input-affix__unit">DH</span>
                </div>
              </FieldBox>
              <FieldBox id={ids.units} label={intl.formatMessage({ id: 'seller.product.units' })} problem={shown.units} required>
                <input
                  {...described(ids.units, shown.units)}
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_UNITS}
                  value={values.units}
                  onChange={(event) => {
                    set('units', event.target.value);
                  }}
                />
              </FieldBox>
            </div>
            <fieldset className="segmented">
              <legend className="field__label">{intl.formatMessage({ id: 'seller.product.discount' })}</legend>
              {(['none', 'percent', 'amount'] as const).map((kind) => (
                <label key={kind} className="segmented__option">
                  <input
                    type="radio"
                    name="discount"
                    checked={values.discountKind === kind}
                    onChange={() => {
                      set('discountKind', kind);
                    }}
                  />
                  <span>{intl.formatMessage({ id: `seller.discount.${kind}` as MessageId })}</span>
                </label>
              ))}
            </fieldset>
            {values.discountKind !== 'none' ? (
              <FieldBox
                id={ids.discount}
                label={intl.formatMessage({ id: values.discountKind === 'percent' ? 'seller.product.discount.valuePercent' : 'seller.product.discount.valueAmount' })}
                problem={shown.discountValue}
                hint={
                  preview !== undefined
                    ? intl.formatMessage({ id: 'seller.product.discount.preview' }, { price: `${intl.formatNumber(preview)} DH` })
                    : undefined
                }
              >
                <input
                  {...described(ids.discount, shown.discountValue, preview !== undefined)}
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  value={values.discountValue}
                  onChange={(event) => {
                    set('discountValue', event.target.value);
                  }}
                />
              </FieldBox>
            ) : null}
            <FieldBox id={ids.reference} label={intl.formatMessage({ id: 'seller.product.reference' })} problem={shown.reference} hint={intl.formatMessage({ id: 'seller.product.reference.hint' })}>
              <input
                {...described(ids.reference, shown.reference, true)}
                className="field__input"
                dir="ltr"
                value={values.reference}
                onChange={(event) => {
                  set('reference', event.target.value);
                }}
              />
            </FieldBox>
            <FieldBox id={ids.boost} label={intl.formatMessage({ id: 'seller.product.boostPack' })} problem={shown.boostPack} hint={intl.formatMessage({ id: 'seller.product.boostPack.hint' })}>
              <select
                {...described(ids.boost, shown.boostPack, true)}
                className="field__input"
                value={values.boostPack}
                onChange={(event) => {
                  set('boostPack', event.target.value);
                }}
              >
                <option value="">{intl.formatMessage({ id: 'seller.boost.none' })}</option>
                {BOOST_PACKS.map((pack) => (
                  <option key={pack} value={pack}>
                    {intl.formatMessage({ id: `seller.boost.${pack}` as MessageId })}
                  </option>
                ))}
              </select>
            </FieldBox>
          </section>
          <div className="product-form__actions">
            <button type="submit" className="button button--primary button--large" disabled={saving}>
              {intl.formatMessage({ id: saving ? 'seller.product.saving' : editing ? 'seller.product.save' : 'seller.product.publish' })}
            </button>
            <Link className="button button--link" to={`${localized(language, PATHS.sellerProducts)}?status=active&page=1`}>
              {intl.formatMessage({ id: 'seller.cancel' })}
            </Link>
          </div>
        </div>
      </div>
    </form>
  );
}

/** Spec §2 "insert success": the product is on sale; what next. */
function InsertSuccess({ product, onAnother }: { product: Product; onAnother: () => void }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <NoticeCard
      icon="check"
      title={intl.formatMessage({ id: 'seller.product.inserted.title' })}
      actions={
        <>
          {product.listId !== null ? (
            <Link className="button button--primary" to={localized(language, adPath(product.listId))}>
              {intl.formatMessage({ id: 'seller.product.inserted.view' })}
            </Link>
          ) : null}
          <button type="button" className="button" onClick={onAnother}>
            {intl.formatMessage({ id: 'seller.product.inserted.another' })}
          </button>
          <Link className="button button--link" to={`${localized(language, PATHS.sellerProducts)}?status=active&page=1`}>
            {intl.formatMessage({ id: 'seller.product.inserted.list' })}
          </Link>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'seller.product.inserted.body' }, { name: product.name })}</p>
      <div className="inserted-product">
        {product.images[0] ? <img src={product.images[0].thumb} alt="" /> : null}
        <div>
          <p className="inserted-product__name" dir="auto">
            {product.name}
          </p>
          <ProductPrice product={product} />
          <p className="field__hint">{intl.formatMessage({ id: 'seller.product.inserted.stock' }, { count: product.units })}</p>
        </div>
      </div>
    </NoticeCard>
  );
}

function InsertProduct() {
  const intl = useIntl();
  const [inserted, setInserted] = useState<Product | undefined>();
  const [round, setRound] = useState(0);
  return (
    <>
      <h2 className="page-subtitle">{intl.formatMessage({ id: 'seller.product.insert.title' })}</h2>
      {inserted ? (
        <InsertSuccess
          product={inserted}
          onAnother={() => {
            setInserted(undefined);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <ProductForm key={round} initial={EMPTY} editing={undefined} onSaved={setInserted} />
      )}
    </>
  );
}

function EditProduct({ id }: { id: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { currentData, isError, error, refetch } = useGetMyProductQuery({ id });
  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'seller.product.loading' })} />;
  return (
    <>
      <h2 className="page-subtitle" dir="auto">
        {intl.formatMessage({ id: 'seller.product.edit.title' }, { name: currentData.name })}
      </h2>
      <ProductForm
        initial={valuesOf(currentData)}
        editing={currentData}
        onSaved={(product) => {
          dispatch(toastShown({ kind: 'success', messageKey: 'seller.product.done.edit', values: { name: product.name } }));
          void navigate(`${localized(language, PATHS.sellerProducts)}?status=${product.status === 'deactivated' ? 'deactivated' : product.status === 'outOfStock' ? 'outOfStock' : 'active'}&page=1`);
        }}
      />
    </>
  );
}

/** /product/insert, and /product/edit/{id} (or /product/edit?id=). */
export default function ProductFormPage() {
  const { id: pathId } = useParams();
  const [search] = useSearchParams();
  const id = pathId ?? search.get('id') ?? undefined;
  return (
    <SellerCentre tab={null} desktopOnly="products">
      {id ? <EditProduct key={id} id={id} /> : <InsertProduct />}
    </SellerCentre>
  );
}
