import { useEffect, useRef, useState } from 'react';
import {
  cartFailure,
  type CartAction,
  type CartFailure,
} from '../../../shared/cart/cart-failure.js';
import { minimumNotMet } from '../../../shared/cart/cart-minimum.js';
import { parseCartQuantity } from '../../../shared/cart/cart-quantity.js';
import { EXPRESS_CHECKOUT_PATH } from '../../../shared/cart/checkout-urls.js';
import { Messages } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import type { MoneyJson } from '../../../shared/product/types.js';
import type { CartEntryJson } from './cart-json.js';
import { CartEntryRow } from './cart-entry-row.js';
import { cartStore, type CartStore } from './store.js';
import { ensureCartStyles } from './styles.js';
import { useCart } from './use-cart.js';

export interface CartPageProps {
  /** The site's locale and store currency; defaults keep a template that forgot them working. */
  locale?: string;
  currency?: string;
  minimumOrderSubtotal?: MoneyJson | null;
  /** Tests pass their own store; pages use the shared one. */
  store?: CartStore;
}

/**
 * The /cart page (SPEC 2, 8.3): every entry with its variant and custom-form answers, a quantity
 * input (1–9999) and a remove button, the subtotal, and checkout. The cart is fetched in the
 * browser, so the server renders a busy placeholder; failures are announced in a live region.
 */
export default function CartPage({
  locale = 'en-US',
  currency = 'USD',
  minimumOrderSubtotal = null,
  store = cartStore,
}: CartPageProps) {
  const { status, cart } = useCart(store);
  const [failure, setFailure] = useState<CartFailure | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(ensureCartStyles, []);

  const track = async (entryId: string, action: CartAction, run: () => Promise<unknown>) => {
    setBusy((b) => new Set(b).add(entryId));
    try {
      await run();
      setFailure(null);
      return true;
    } catch (err) {
      setFailure(cartFailure(action, err as { status?: number; message?: string }));
      return false;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(entryId);
        return next;
      });
    }
  };

  const onQuantity = async (entry: CartEntryJson, text: string): Promise<boolean> => {
    if (busy.has(entry.id)) return false;
    const parsed = parseCartQuantity(text);
    if (!parsed.ok) {
      setFailure({ title: Messages.UNABLE_UPDATE_QUANTITY, detail: parsed.message });
      return false;
    }
    return track(entry.id, 'quantity', () => store.setQuantity(entry.id, parsed.quantity));
  };

  const onRemove = (entry: CartEntryJson) => {
    void track(entry.id, 'remove', () => store.removeEntry(entry.id)).then((ok) => {
      // The row and its button are gone: keep keyboard users inside the cart.
      if (ok) sectionRef.current?.focus();
    });
  };

  const entries = cart?.entries ?? [];
  const loading = status === 'idle' || (status === 'loading' && !cart);
  const subtotal = cart?.subtotalCents ?? 0;
  const blocked = minimumNotMet(subtotal, minimumOrderSubtotal, locale);

  return (
    <section
      ref={sectionRef}
      className="ci-cart"
      aria-label="Shopping cart"
      aria-busy={loading || undefined}
      tabIndex={-1}
    >
      <div className="ci-alert" role="alert" aria-live="assertive" aria-atomic="true">
        {failure && (
          <>
            <strong>{failure.title}</strong> <span>{failure.detail}</span>
          </>
        )}
      </div>
      {loading ? (
        <p className="ci-loading">Loading…</p>
      ) : status === 'error' && !cart ? (
        <p className="ci-load-failed">
          {Messages.PLEASE_TRY_AGAIN}{' '}
          <button type="button" onClick={() => void store.load().catch(() => undefined)}>
            Reload cart
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="ci-empty">{Messages.CART_EMPTY}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col" className="ci-num">
                  Price
                </th>
                <th scope="col" className="ci-num">
                  <span className="ci-sr">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <CartEntryRow
                  key={entry.id}
                  entry={entry}
                  locale={locale}
                  currency={currency}
                  busy={busy.has(entry.id)}
                  onQuantity={onQuantity}
                  onRemove={onRemove}
                />
              ))}
            </tbody>
          </table>
          <div className="ci-summary">
            <p className="ci-subtotal">
              Subtotal <strong>{formatMoney(subtotal, currency, locale)}</strong>
            </p>
            {blocked && <p className="ci-minimum">{blocked}</p>}
            <form method="get" action={EXPRESS_CHECKOUT_PATH}>
              <button type="submit" className="ci-checkout" disabled={blocked !== null}>
                Checkout
              </button>
            </form>
          </div>
        </>
      )}
    </section>
  );
}
