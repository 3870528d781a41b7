import { useEffect, useId, useState } from 'react';
import {
  ProductApi,
  type OwnerProduct,
  type ProductListResponse,
  type OwnerProductSummary,
} from '../../../shared/product/owner-api.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { FieldError } from './fields.js';
import type { FieldErrors } from './product-form.js';

/** Titles of products by id, fetched once per id for the chosen lists. */
const titles = new Map<string, Promise<string>>();
function titleOf(id: string): Promise<string> {
  let t = titles.get(id);
  if (!t) {
    t = editorFetch<{ product: OwnerProduct }>(ProductApi.one(id)).then(
      (r) => r.product.title,
      () => 'A deleted product',
    );
    titles.set(id, t);
  }
  return t;
}

/**
 * Related products or add-ons: the chosen products in order (removable) and a search of the
 * catalog to add more. The product being edited is never offered.
 */
export function ProductPicker({
  label,
  path,
  ids,
  exclude,
  errors,
  onChange,
}: {
  label: string;
  path: string;
  ids: string[];
  exclude: string | undefined;
  errors: FieldErrors;
  onChange: (ids: string[]) => void;
}) {
  const [names, setNames] = useState<Record<string, string>>({});
  const [q, setQ] = useState('');
  const [results, setResults] = useState<OwnerProductSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  const searchId = useId();

  useEffect(() => {
    let live = true;
    for (const id of ids)
      if (!names[id]) void titleOf(id).then((t) => live && setNames((n) => ({ ...n, [id]: t })));
    return () => {
      live = false;
    };
  }, [ids, names]);

  const search = async () => {
    setBusy(true);
    try {
      const r = await editorFetch<ProductListResponse>(
        withQuery(ProductApi.list, { q: q.trim() || undefined, limit: 8, sort: 'title' }),
      );
      setResults(r.products.filter((p) => p.id !== exclude));
    } catch {
      setResults([]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ed-field ed-picker">
      <span className="ed-field-label">{label}</span>
      {ids.length > 0 ? (
        <ul className="ed-chips" aria-label={label}>
          {ids.map((id) => (
            <li key={id} className="ed-chip">
              <span>{names[id] ?? '…'}</span>
              <button
                type="button"
                aria-label={`Remove ${names[id] ?? 'product'} from ${label.toLowerCase()}`}
                onClick={() => onChange(ids.filter((x) => x !== id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ed-muted ed-small-text">None chosen.</p>
      )}
      <div className="ed-chip-add">
        <label htmlFor={searchId} className="ed-visually-hidden">
          Find products to add to {label.toLowerCase()}
        </label>
        <input
          id={searchId}
          className="ed-input"
          type="search"
          placeholder="Find a product"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="ed-button" disabled={busy} onClick={() => void search()}>
          Find
        </button>
      </div>
      {results && (
        <ul className="ed-picker-results" aria-label={`Products to add to ${label.toLowerCase()}`}>
          {results.length === 0 && <li className="ed-muted">No products found.</li>}
          {results.map((p) => (
            <li key={p.id}>
              <span>{p.title}</span>
              <span className="ed-muted">{p.priceText}</span>
              <button
                type="button"
                className="ed-button"
                disabled={ids.includes(p.id)}
                onClick={() => {
                  setNames((n) => ({ ...n, [p.id]: p.title }));
                  onChange([...ids, p.id]);
                }}
              >
                {ids.includes(p.id) ? 'Added' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError errors={errors} path={path} />
    </div>
  );
}
