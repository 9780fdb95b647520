// The seller centre's products (/account/seller/my-products?status=&page=, spec §2
// seller.my-products, §3 seller product, §4 product statuses; desktop only): status tabs active,
// out of stock, deactivated with their counts (getMyProductsCounts), 8 products a page
// (getMyProducts) with photo, name and reference, price (with its discount), stock, orders and
// status, and the operations each product's `allowedActions` offers: edit, activate,
// deactivate, adjust the stock, apply (or remove) a discount, delete after a confirmation.
// A page left empty by an operation above the first goes back one page.

import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  PRODUCT_STATUSES,
  SELLER_PAGE_SIZE,
  useActivateProductMutation,
  useAdjustProductStockMutation,
  useApplyProductDiscountMutation,
  useDeactivateProductMutation,
  useDeleteProductMutation,
  useGetMyProductsCountsQuery,
  useGetMyProductsQuery,
  type DiscountKind,
  type Product,
  type ProductStatus,
} from '../../api/seller';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { PagePager } from '../../ui/PagePager';
import { Amount } from '../../ui/Price';
import { isDiscounted, PromoBadge } from '../../ui/PromoBadge';
import { toastShown } from '../../ui/toastSlice';
import { adPath } from '../ads/adPaths';
import { productStatusText, readListParams } from './format';
import { SellerCentre } from './SellerCentre';
import { LIMITS } from '../../app/rules';

interface Dialog {
  kind: 'stock' | 'discount' | 'delete';
  product: Product;
}

export const MAX_UNITS = LIMITS.productUnitsMax;

function StatusTabs({ status }: { status: ProductStatus }) {
  const intl = useIntl();
  const { data } = useGetMyProductsCountsQuery(undefined);
  const counts = new Map((data ?? []).map((row) => [row.status.toLowerCase(), row.count]));
  return (
    <nav aria-label={intl.formatMessage({ id: 'seller.products.statuses' })}>
      <ul className="status-tabs">
        {PRODUCT_STATUSES.map((key) => (
          <li key={key}>
            <Link className="status-tabs__tab" to={`?status=${key}&page=1`} aria-current={key === status ? 'page' : undefined}>
              {intl.formatMessage({ id: `seller.products.tab.${key}` as MessageId })}
              {data ? <span className="status-tabs__count">{intl.formatNumber(counts.get(key.toLowerCase()) ?? 0)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The price a buyer pays, with the price before the discount struck through. */
export function ProductPrice({ product }: { product: Pick<Product, 'unitPrice' | 'finalPrice' | 'discount'> }) {
  const discounted = isDiscounted(product);
  return (
    <span className="product-price">
      <strong className="product-price__final">
        <Amount text={product.finalPrice.withCurrency} />
      </strong>
      {discounted ? (
        <>
          <s className="product-price__before">
            <Amount text={product.unitPrice.withCurrency} />
          </s>
          <PromoBadge discount={product.discount} />
        </>
      ) : null}
    </span>
  );
}

function useProductOperations() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [activate] = useActivateProductMutation();
  const [deactivate] = useDeactivateProductMutation();
  const [busy, setBusy] = useState<string | undefined>();
  const run = useCallback(
    async (product: Product, operation: Promise<Product>, done: MessageId) => {
      setBusy(product.id);
      try {
        const answer = await operation;
        if (answer.id === product.id) dispatch(toastShown({ kind: 'success', messageKey: done, values: { name: product.name } }));
        return true;
      } catch (error) {
        dispatch(toastShown({ kind: 'error', message: errorText(intl, error) }));
        return false;
      } finally {
        setBusy(undefined);
      }
    },
    [dispatch, intl],
  );
  return {
    busy,
    run,
    activate: (product: Product) => run(product, activate({ id: product.id }).unwrap(), 'seller.product.done.activate'),
    deactivate: (product: Product) => run(product, deactivate({ id: product.id }).unwrap(), 'seller.product.done.deactivate'),
  };
}

function StockDialog({ product, onClose, run }: { product: Product; onClose: () => void; run: ReturnType<typeof useProductOperations>['run'] }) {
  const intl = useIntl();
  const [adjust, { isLoading }] = useAdjustProductStockMutation();
  const [units, setUnits] = useState(String(product.units));
  const [problem, setProblem] = useState<MessageId | undefined>();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = Number(units);
    if (units.trim() === '' || !Number.isInteger(value) || value < 0 || value > MAX_UNITS) {
      setProblem('seller.product.error.units');
      return;
    }
    void run(product, adjust({ id: product.id, units: value }).unwrap(), 'seller.product.done.adjustStock').then((ok) => {
      if (ok) onClose();
    });
  };
  return (
    <Modal title={intl.formatMessage({ id: 'seller.product.stock.title' }, { name: product.name })} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="stock-units">
            {intl.formatMessage({ id: 'seller.product.units' })}
          </label>
          <input
            id="stock-units"
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_UNITS}
            value={units}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'stock-units-problem' : 'stock-units-hint'}
            onChange={(event) => {
              setUnits(event.target.value);
              setProblem(undefined);
            }}
          />
          <p id="stock-units-hint" className="field__hint">
            {intl.formatMessage({ id: 'seller.product.stock.hint' })}
          </p>
          {problem ? (
            <p id="stock-units-problem" className="field__problem">
              {intl.formatMessage({ id: problem }, { max: MAX_UNITS })}
            </p>
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {intl.formatMessage({ id: 'seller.product.stock.save' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'seller.cancel' })}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Whether a discount is acceptable: a percentage 1 to 90, or an amount below the price. */
export function discountProblem(kind: DiscountKind, value: string, unitPriceDh: number): MessageId | undefined {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) return 'seller.product.error.discount';
  if (kind === 'percent' && (n < 1 || n > 90)) return 'seller.product.error.percent';
  if (kind === 'amount' && (n < 1 || (unitPriceDh > 0 && n >= unitPriceDh))) return 'seller.product.error.amount';
  return undefined;
}

function DiscountDialog({ product, onClose, run }: { product: Product; onClose: () => void; run: ReturnType<typeof useProductOperations>['run'] }) {
  const intl = useIntl();
  const [apply, { isLoading }] = useApplyProductDiscountMutation();
  const [kind, setKind] = useState<DiscountKind>(product.discount?.kind ?? 'percent');
  const [value, setValue] = useState(product.discount ? String(product.discount.value) : '');
  const [problem, setProblem] = useState<MessageId | undefined>();
  const priceDh = Math.round(product.unitPrice.centimes / 100);
  const send = (discount: { kind: DiscountKind; value: number } | null) => {
    void run(product, apply({ id: product.id, discount }).unwrap(), discount ? 'seller.product.done.applyDiscount' : 'seller.product.done.removeDiscount').then(
      (ok) => {
        if (ok) onClose();
      },
    );
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = discountProblem(kind, value, priceDh);
    setProblem(found);
    if (!found) send({ kind, value: Number(value) });
  };
  return (
    <Modal title={intl.formatMessage({ id: 'seller.product.discount.title' }, { name: product.name })} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="field__hint">
          {intl.formatMessage({ id: 'seller.product.discount.price' }, { price: product.unitPrice.withCurrency })}
        </p>
        <fieldset className="segmented">
          <legend className="field__label">{intl.formatMessage({ id: 'seller.product.discount.kind' })}</legend>
          {(['percent', 'amount'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="discount-kind"
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  setProblem(undefined);
                }}
              />
              <span>{intl.formatMessage({ id: `seller.discount.${option}` as MessageId })}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="discount-value">
            {intl.formatMessage({ id: kind === 'percent' ? 'seller.product.discount.valuePercent' : 'seller.product.discount.valueAmount' })}
          </label>
          <input
            id="discount-value"
            className="field__input"
            type="number"
            inputMode="numeric"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'discount-problem' : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(undefined);
            }}
          />
          {problem ? (
            <p id="discount-problem" className="field__problem">
              {intl.formatMessage({ id: problem }, { price: product.unitPrice.withCurrency })}
            </p>
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {intl.formatMessage({ id: 'seller.product.discount.save' })}
          </button>
          {product.discount ? (
            <button
              type="button"
              className="button"
              disabled={isLoading}
              onClick={() => {
                send(null);
              }}
            >
              {intl.formatMessage({ id: 'seller.product.discount.remove' })}
            </button>
          ) : null}
          <button type="button" className="button button--link" onClick={onClose}>
            {intl.formatMessage({ id: 'seller.cancel' })}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDialog({ product, onClose, run }: { product: Product; onClose: () => void; run: ReturnType<typeof useProductOperations>['run'] }) {
  const intl = useIntl();
  const [remove, { isLoading }] = useDeleteProductMutation();
  return (
    <Modal title={intl.formatMessage({ id: 'seller.product.delete.title' })} onClose={onClose}>
      <p>{intl.formatMessage({ id: 'seller.product.delete.body' }, { name: product.name })}</p>
      <div className="modal-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={isLoading}
          onClick={() => {
            void run(product, remove({ id: product.id }).unwrap(), 'seller.product.done.delete').then(() => {
              onClose();
            });
          }}
        >
          {intl.formatMessage({ id: 'seller.product.delete.confirm' })}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {intl.formatMessage({ id: 'seller.keep' })}
        </button>
      </div>
    </Modal>
  );
}

function ProductRow({ product, operations, onDialog }: { product: Product; operations: ReturnType<typeof useProductOperations>; onDialog: (dialog: Dialog) => void }) {
  const intl = useIntl();
  const language = useLanguage();
  const allowed = (action: string) => product.allowedActions.includes(action);
  const busy = operations.busy === product.id;
  const cover = product.images[0]?.thumb;
  return (
    <tr className="data-table__row">
      <td className="data-table__product">
        <div className="order-product">
          {cover ? <img className="order-product__thumb" src={cover} alt="" loading="lazy" /> : <span className="order-product__thumb" />}
          <div className="order-product__text">
            {product.listId !== null && product.status !== 'deactivated' ? (
              <Link to={localized(language, adPath(product.listId))} dir="auto">
                {product.name}
              </Link>
            ) : (
              <span dir="auto">{product.name}</span>
            )}
            {product.reference ? (
              <span className="order-product__sku">{intl.formatMessage({ id: 'seller.product.sku' }, { sku: product.reference })}</span>
            ) : null}
          </div>
        </div>
      </td>
      <td>
        <ProductPrice product={product} />
      </td>
      <td className="data-table__number">
        <span className={product.units === 0 ? 'stock stock--empty' : product.units <= 3 ? 'stock stock--low' : 'stock'}>
          {intl.formatNumber(product.units)}
        </span>
      </td>
      <td className="data-table__number">{intl.formatNumber(product.ordersCount)}</td>
      <td>
        <span className={`status-chip status-chip--${product.status}`}>{productStatusText(intl, product.status)}</span>
      </td>
      <td className="data-table__actions">
        <div className="row-actions" role="group" aria-label={intl.formatMessage({ id: 'seller.product.actions' }, { name: product.name })}>
          {allowed('edit') ? (
            <Link className="button button--small" to={`${localized(language, PATHS.productEdit)}/${encodeURIComponent(product.id)}`}>
              {intl.formatMessage({ id: 'seller.product.edit' })}
            </Link>
          ) : null}
          {allowed('adjustStock') ? (
            <button type="button" className="button button--small" disabled={busy} onClick={() => { onDialog({ kind: 'stock', product }); }}>
              {intl.formatMessage({ id: 'seller.product.adjustStock' })}
            </button>
          ) : null}
          {allowed('applyDiscount') ? (
            <button type="button" className="button button--small" disabled={busy} onClick={() => { onDialog({ kind: 'discount', product }); }}>
              {intl.formatMessage({ id: 'seller.product.applyDiscount' })}
            </button>
          ) : null}
          {allowed('activate') ? (
            <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => void operations.activate(product)}>
              {intl.formatMessage({ id: 'seller.product.activate' })}
            </button>
          ) : null}
          {allowed('deactivate') ? (
            <button type="button" className="button button--small" disabled={busy} onClick={() => void operations.deactivate(product)}>
              {intl.formatMessage({ id: 'seller.product.deactivate' })}
            </button>
          ) : null}
          {allowed('delete') ? (
            <button type="button" className="button button--small button--quiet-danger" disabled={busy} onClick={() => { onDialog({ kind: 'delete', product }); }}>
              {intl.formatMessage({ id: 'seller.product.delete' })}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function Products({ status, page, onPage }: { status: ProductStatus; page: number; onPage: (page: number, replace?: boolean) => void }) {
  const intl = useIntl();
  const language = useLanguage();
  const { currentData, data, isFetching, isError, error, refetch } = useGetMyProductsQuery({ status, page, size: SELLER_PAGE_SIZE });
  const operations = useProductOperations();
  const [dialog, setDialog] = useState<Dialog | undefined>();

  useEffect(() => {
    if (data && !isFetching && data.products.length === 0 && page > 1) onPage(page - 1, true);
  }, [data, isFetching, page, onPage]);

  if (isError && !currentData) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Loader label={intl.formatMessage({ id: 'seller.products.loading' })} />;
  if (currentData.products.length === 0) {
    return (
      <div className="empty-panel">
        <p>{intl.formatMessage({ id: `seller.products.empty.${status}` as MessageId })}</p>
        {status === 'active' ? (
          <Link className="button button--primary" to={localized(language, PATHS.productInsert)}>
            {intl.formatMessage({ id: 'seller.product.add' })}
          </Link>
        ) : null}
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(currentData.count / SELLER_PAGE_SIZE));
  const close = () => {
    setDialog(undefined);
  };
  const column = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <div className="data-table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{intl.formatMessage({ id: 'seller.products.list' })}</caption>
          <thead>
            <tr>
              <th scope="col">{column('seller.products.column.product')}</th>
              <th scope="col">{column('seller.products.column.price')}</th>
              <th scope="col" className="data-table__number">
                {column('seller.products.column.units')}
              </th>
              <th scope="col" className="data-table__number">
                {column('seller.products.column.orders')}
              </th>
              <th scope="col">{column('orders.column.status')}</th>
              <th scope="col">{column('seller.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {currentData.products.map((product) => (
              <ProductRow key={product.id} product={product} operations={operations} onDialog={setDialog} />
            ))}
          </tbody>
        </table>
      </div>
      <PagePager page={page} pages={pages} onPage={onPage} />
      {dialog?.kind === 'stock' ? <StockDialog product={dialog.product} onClose={close} run={operations.run} /> : null}
      {dialog?.kind === 'discount' ? <DiscountDialog product={dialog.product} onClose={close} run={operations.run} /> : null}
      {dialog?.kind === 'delete' ? <DeleteDialog product={dialog.product} onClose={close} run={operations.run} /> : null}
    </>
  );
}

export default function ProductsPage() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const { status, page } = readListParams(search, PRODUCT_STATUSES);
  const onPage = useCallback(
    (next: number, replace = false) => {
      setSearch({ status, page: String(next) }, { replace });
    },
    [setSearch, status],
  );
  return (
    <SellerCentre tab="products" desktopOnly="products">
      <StatusTabs status={status} />
      <h2 className="visually-hidden">{intl.formatMessage({ id: 'seller.tab.products' })}</h2>
      <Products status={status} page={page} onPage={onPage} />
    </SellerCentre>
  );
}
