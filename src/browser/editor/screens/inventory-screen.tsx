import { useState } from 'react';
import type { RestockSignUpGroupJson } from '../../../shared/restock/types.js';
import type { VariantStockJson } from '../api-types.js';
import { editorFetch } from '../editor-fetch.js';
import { formatCount } from '../format.js';
import {
  parseStockInput,
  type InventoryProduct,
  type InventoryVariant,
} from '../inventory-rows.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { loadRestockGroups } from '../restock-api.js';
import { restockGroupHref } from '../routes.js';
import { loadShopProducts } from '../shop-products.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

/** Stock of every variant, editable; raising a sold-out variant triggers restock notices. */
export function InventoryScreen() {
  const products = useLoad((signal) => loadShopProducts(signal), 'inventory');
  // Who is waiting per variant, beside its stock. Owners whose role cannot read sign-ups simply
  // see no counts: the column is a hint, not the point of the screen.
  const waiting = useLoad(
    (signal) => loadRestockGroups(signal).catch((): RestockSignUpGroupJson[] => []),
    'waiting',
  );
  const waitingBy = new Map((waiting.data ?? []).map((g) => [g.variantId, g]));

  return (
    <>
      <ScreenHeading
        title="Inventory"
        intro="Stock of physical products and services. Digital products and gift cards never sell out."
      />
      <LoadView state={products}>
        {(list) =>
          list.length === 0 ? (
            <p className="ed-empty">No products with stock yet.</p>
          ) : (
            <div className="ed-table-wrap" role="region" aria-labelledby="inv-caption" tabIndex={0}>
              <table className="ed-table ed-inventory">
                <caption id="inv-caption">Stock by product and variant</caption>
                <thead>
                  <tr>
                    <th scope="col">Variant</th>
                    <th scope="col">SKU</th>
                    <th scope="col">In stock</th>
                    <th scope="col">Unlimited</th>
                    <th scope="col">
                      <span className="ed-visually-hidden">Save</span>
                    </th>
                  </tr>
                </thead>
                {list.map((p) => (
                  <ProductRows key={p.productId} product={p} waitingBy={waitingBy} />
                ))}
              </table>
            </div>
          )
        }
      </LoadView>
    </>
  );
}

function ProductRows({
  product,
  waitingBy,
}: {
  product: InventoryProduct;
  waitingBy: Map<string, RestockSignUpGroupJson>;
}) {
  return (
    <tbody>
      <tr className="ed-group-row">
        <th scope="rowgroup" colSpan={5}>
          {product.title}{' '}
          <a className="ed-small" href={product.fullUrl} target="_blank" rel="noopener">
            View<span className="ed-visually-hidden"> {product.title} (opens in a new tab)</span>
          </a>
        </th>
      </tr>
      {product.variants.map((v) => (
        <VariantRow
          key={v.variantId}
          product={product}
          variant={v}
          waiting={waitingBy.get(v.variantId)}
        />
      ))}
    </tbody>
  );
}

function VariantRow({
  product,
  variant,
  waiting,
}: {
  product: InventoryProduct;
  variant: InventoryVariant;
  waiting: RestockSignUpGroupJson | undefined;
}) {
  const [saved, setSaved] = useState({ qty: variant.qtyInStock, unlimited: variant.unlimited });
  const [qty, setQty] = useState(String(variant.qtyInStock));
  const [unlimited, setUnlimited] = useState(variant.unlimited);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const name = variant.options ? `${product.title}, ${variant.options}` : product.title;
  const parsed = parseStockInput(qty);
  const dirty = unlimited !== saved.unlimited || !parsed.ok || parsed.value !== saved.qty;
  const qtyId = `qty-${variant.variantId}`;
  const errId = `qty-err-${variant.variantId}`;

  const save = async () => {
    if (!parsed.ok) {
      setMessage({ text: parsed.message, error: true });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const r = await editorFetch<{ variant: VariantStockJson }>(
        `/api/commerce/inventory/${encodeURIComponent(variant.variantId)}`,
        { method: 'PUT', json: { qtyInStock: parsed.value, unlimited } },
      );
      setSaved({ qty: r.variant.qtyInStock, unlimited: r.variant.unlimited });
      setQty(String(r.variant.qtyInStock));
      setUnlimited(r.variant.unlimited);
      setMessage({
        text:
          r.variant.restocked && waiting && waiting.pendingCount > 0
            ? 'Saved. Back in stock: send the waiting shoppers their notice from Restock (or turn on auto-notify).'
            : 'Saved',
        error: false,
      });
    } catch (err) {
      setMessage({ text: actionFailureText(err), error: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        {variant.options || 'Only variant'}
        {waiting && waiting.pendingCount > 0 && (
          <a className="ed-badge" href={restockGroupHref(product.productId, variant.variantId)}>
            {formatCount(waiting.pendingCount)} waiting
          </a>
        )}
      </th>
      <td className="ed-nowrap">{variant.sku}</td>
      <td>
        <label className="ed-visually-hidden" htmlFor={qtyId}>
          In stock: {name}
        </label>
        <input
          id={qtyId}
          className="ed-input ed-qty"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={qty}
          disabled={unlimited || saving}
          aria-invalid={!parsed.ok && !unlimited}
          aria-describedby={message ? errId : undefined}
          onChange={(e) => setQty(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && dirty) void save();
          }}
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`Unlimited: ${name}`}
          checked={unlimited}
          disabled={saving}
          onChange={(e) => setUnlimited(e.target.checked)}
        />
      </td>
      <td className="ed-actions">
        <button
          type="button"
          className="ed-button"
          disabled={!dirty || saving}
          onClick={() => void save()}
          aria-label={`Save stock for ${name}`}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
        <span id={errId} role="status" className={message?.error ? 'ed-inline-error' : 'ed-saved'}>
          {message?.text}
        </span>
      </td>
    </tr>
  );
}
