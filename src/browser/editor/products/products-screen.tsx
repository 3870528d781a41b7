import { lazy, Suspense, useState } from 'react';
import { SearchForm } from '../search-form.js';
import { cursorPaging, Pager } from '../pager.js';
import {
  BULK_ACTIONS,
  PRODUCT_SORTS,
  PRODUCT_VISIBILITIES,
  ProductApi,
  type BulkAction,
  type ProductListQuery,
  type ProductListResponse,
  type ProductSort,
  type TagsResponse,
} from '../../../shared/product/owner-api.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { Loading, LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { Dialog } from './dialog.js';
import { useFocusOnMount } from './use-focus-on-mount.js';
import { ProductRows } from './product-rows.js';
import {
  BULK_TEXT,
  newProductHref,
  plural,
  PRODUCT_TYPES,
  SORT_TEXT,
  STOCK_TEXT,
  VISIBILITY_TEXT,
} from './product-labels.js';
import './products.css';

// CSV parsing and the tag editor are only needed when opened.
const ImportDialog = lazy(() =>
  import('./import-dialog.js').then((m) => ({ default: m.ImportDialog })),
);
const TagManager = lazy(() => import('./tag-manager.js').then((m) => ({ default: m.TagManager })));

type Filters = Pick<
  ProductListQuery,
  'type' | 'tag' | 'category' | 'stock' | 'onSale' | 'visibility'
>;

const PAGE_SIZE = 50;

/**
 * The catalog: search, filters, sort, cursor pages with the total, and bulk actions on the
 * checked rows; 'Add product' (by type), CSV import and export, and tag management.
 */
export function ProductsScreen() {
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<ProductSort>('-updated');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'import' | 'tags' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [result, setResult] = useState<{
    ok: boolean;
    text: string;
    details?: string[];
  } | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;

  const query = {
    q: q || undefined,
    type: filters.type,
    tag: filters.tag,
    category: filters.category,
    stock: filters.stock,
    onSale: filters.onSale === undefined ? undefined : String(filters.onSale),
    visibility: filters.visibility,
    sort,
  };
  const list = useLoad(
    (signal) =>
      editorFetch<ProductListResponse>(
        withQuery(ProductApi.list, { ...query, cursor, limit: PAGE_SIZE }),
        { signal },
      ),
    `products|${JSON.stringify(query)}|${cursor ?? ''}`,
  );
  const tags = useLoad(
    (signal) => editorFetch<TagsResponse>(ProductApi.tags, { signal }),
    'product-tags',
  );

  const restart = () => {
    setCursors([null]);
    setSelected(new Set());
  };
  const setFilter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    restart();
  };
  const search = (text: string) => {
    setQ(text);
    restart();
  };
  const anyFilter = q !== '' || Object.values(filters).some((v) => v !== undefined);

  const runBulk = async (action: BulkAction) => {
    setBulkBusy(true);
    setResult(null);
    try {
      const ids = [...selected];
      const res = await editorFetch<{ changed: number }>(ProductApi.bulk, {
        method: 'POST',
        json: { ids, action },
      });
      setResult({ ok: true, text: BULK_TEXT[action].done(res?.changed ?? ids.length) });
      setSelected(new Set());
      setConfirmDelete(false);
      list.reload();
      if (action === 'delete') tags.reload();
    } catch (err) {
      // All or nothing: the products that blocked the action come back by id.
      const byId = (err as { body?: { error?: { fieldErrors?: Record<string, string> } } }).body
        ?.error?.fieldErrors;
      const titles = new Map(list.data?.products.map((p) => [p.id, p.title]));
      const details = Object.entries(byId ?? {}).map(
        ([id, message]) => `${titles.get(id) ?? id}: ${message}`,
      );
      // With products named, say what happened (nothing changed) rather than the form-level text.
      const text = details.length
        ? `${BULK_TEXT[action].label}: nothing was changed, because of ${plural(details.length, 'product')}:`
        : actionFailureText(err);
      setResult({ ok: false, text, details });
    } finally {
      setBulkBusy(false);
    }
  };

  const tagOptions = tags.data?.tags ?? [];
  const categoryOptions = tags.data?.categories ?? [];

  return (
    <>
      <ScreenHeading title="Products" intro="Everything you sell: prices, stock, photos and more.">
        <button type="button" className="ed-button" onClick={() => setDialog('tags')}>
          Tags &amp; categories
        </button>
        <button type="button" className="ed-button" onClick={() => setDialog('import')}>
          Import CSV
        </button>
        <a className="ed-button" href={ProductApi.exportCsv} download>
          Export CSV
        </a>
        <button
          type="button"
          className="ed-button ed-button-primary"
          onClick={() => setDialog('add')}
        >
          Add product
        </button>
      </ScreenHeading>

      <section className="ed-section" aria-label="Products">
        <div className="ed-toolbar ed-products-toolbar">
          <SearchForm
            id="ed-product-search"
            label="Search products"
            placeholder="Title, SKU or tag"
            onSearch={search}
          />
          <div className="ed-product-filters">
            <Select
              label="Type"
              value={filters.type === undefined ? '' : String(filters.type)}
              onChange={(v) => setFilter({ type: v ? Number(v) : undefined })}
              options={PRODUCT_TYPES.map((t) => [String(t.value), t.label])}
            />
            <Select
              label="Visibility"
              value={filters.visibility ?? ''}
              onChange={(v) =>
                setFilter({
                  visibility: PRODUCT_VISIBILITIES.find((x) => x === v),
                })
              }
              options={PRODUCT_VISIBILITIES.map((v) => [v, VISIBILITY_TEXT[v].label])}
            />
            <Select
              label="Stock"
              value={filters.stock ?? ''}
              onChange={(v) =>
                setFilter({
                  stock: (['in', 'low', 'out', 'unlimited'] as const).find((x) => x === v),
                })
              }
              options={(['in', 'low', 'out', 'unlimited'] as const).map((s) => [
                s,
                STOCK_TEXT[s].label,
              ])}
            />
            <Select
              label="Sale"
              value={filters.onSale === undefined ? '' : String(filters.onSale)}
              onChange={(v) => setFilter({ onSale: v === '' ? undefined : v === 'true' })}
              options={[
                ['true', 'On sale'],
                ['false', 'Not on sale'],
              ]}
            />
            <Select
              label="Tag"
              value={filters.tag ?? ''}
              onChange={(v) => setFilter({ tag: v || undefined })}
              options={tagOptions.map((t) => [t.name, `${t.name} (${t.count})`])}
            />
            <Select
              label="Category"
              value={filters.category ?? ''}
              onChange={(v) => setFilter({ category: v || undefined })}
              options={categoryOptions.map((t) => [t.name, `${t.name} (${t.count})`])}
            />
            <Select
              label="Sort"
              value={sort}
              any={false}
              onChange={(v) => {
                setSort(PRODUCT_SORTS.find((s) => s === v) ?? '-updated');
                restart();
              }}
              options={PRODUCT_SORTS.map((s) => [s, SORT_TEXT[s]])}
            />
          </div>
        </div>

        {selected.size > 0 && (
          <div className="ed-bulk-bar" role="region" aria-label="Bulk actions">
            <p>
              <strong>{plural(selected.size, 'product')} selected</strong>
            </p>
            <div className="ed-actions">
              {BULK_ACTIONS.filter((a) => a !== 'delete').map((a) => (
                <button
                  key={a}
                  type="button"
                  className="ed-button"
                  disabled={bulkBusy}
                  onClick={() => void runBulk(a)}
                >
                  {BULK_TEXT[a].label}
                </button>
              ))}
              <button
                type="button"
                className="ed-button ed-button-danger"
                disabled={bulkBusy}
                onClick={() => setConfirmDelete(true)}
              >
                Delete…
              </button>
              <button
                type="button"
                className="ed-button ed-button-quiet"
                onClick={() => setSelected(new Set())}
              >
                Clear selection
              </button>
            </div>
            {confirmDelete && (
              <ConfirmDelete
                count={selected.size}
                busy={bulkBusy}
                onConfirm={() => void runBulk('delete')}
                onCancel={() => setConfirmDelete(false)}
              />
            )}
          </div>
        )}
        <div role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
          {result?.text}
          {result?.details && result.details.length > 0 && (
            <ul className="ed-bulk-errors">
              {result.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>

        <LoadView state={list}>
          {(data) => (
            <>
              <p className="ed-muted ed-small ed-count">
                {plural(data.total, 'product')}
                {anyFilter ? ' match' : ''}
              </p>
              {data.products.length === 0 ? (
                <div className="ed-empty">
                  {anyFilter ? (
                    <p>No products match. Try fewer filters.</p>
                  ) : (
                    <p>
                      No products yet.{' '}
                      <button
                        type="button"
                        className="ed-link-button"
                        onClick={() => setDialog('add')}
                      >
                        Add your first product
                      </button>{' '}
                      or import a CSV file.
                    </p>
                  )}
                </div>
              ) : (
                <ProductRows products={data.products} selected={selected} onSelect={setSelected} />
              )}
              <Pager
                page={cursors.length}
                hasNextPage={Boolean(data.nextCursor)}
                onPage={(p) => {
                  cursorPaging(cursors.length, data.nextCursor, setCursors)(p);
                  setSelected(new Set());
                }}
                label="Product pages"
                backLabel="Previous"
                forwardLabel="Next"
                status={`Page ${cursors.length} of ${Math.max(1, Math.ceil(data.total / PAGE_SIZE))}`}
              />
            </>
          )}
        </LoadView>
      </section>

      {dialog === 'add' && <AddProductDialog onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'add' && (
        <Suspense fallback={<Loading />}>
          {dialog === 'import' ? (
            <ImportDialog
              onClose={() => setDialog(null)}
              onImported={() => {
                list.reload();
                tags.reload();
              }}
            />
          ) : (
            <TagManager
              onClose={() => {
                setDialog(null);
                list.reload();
              }}
              onChanged={tags.reload}
              tags={tags}
            />
          )}
        </Suspense>
      )}
    </>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
  any = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  any?: boolean;
}) {
  return (
    <label className="ed-labelled ed-filter">
      <span>{label}</span>
      <select className="ed-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {any && <option value="">Any</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** 'Add product': the four types with a sentence each; choosing one opens a blank editor. */
function AddProductDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Add product" onClose={onClose}>
      <p className="ed-muted">What are you selling? You cannot change the type later.</p>
      <ul className="ed-type-choices" role="list">
        {PRODUCT_TYPES.map((t) => (
          <li key={t.value}>
            <a className="ed-type-choice" href={newProductHref(t.value)} onClick={onClose}>
              <strong>{t.label}</strong>
              <span className="ed-muted">{t.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The inline 'Delete N products?' step; its button takes focus so Enter or Escape is one key away. */
function ConfirmDelete({
  count,
  busy,
  onConfirm,
  onCancel,
}: {
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useFocusOnMount<HTMLButtonElement>();
  return (
    <div
      className="ed-confirm"
      role="group"
      aria-label="Confirm delete"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p>
        Delete {plural(count, 'product')}? Shoppers can no longer see or buy{' '}
        {count === 1 ? 'it' : 'them'}, and this cannot be undone. Past orders keep their lines.
      </p>
      <div className="ed-actions">
        <button
          type="button"
          ref={ref}
          className="ed-button ed-button-danger"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? 'Deleting…' : `Delete ${plural(count, 'product')}`}
        </button>
        <button type="button" className="ed-button" onClick={onCancel}>
          Keep them
        </button>
      </div>
    </div>
  );
}
