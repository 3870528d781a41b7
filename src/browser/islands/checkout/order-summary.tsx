import type { TotalsJson } from '../../../shared/checkout/api.js';
import type { CartEntryJson } from '../cart/cart-json.js';
import { entrySubtotalMinor, variantText } from '../cart/entry-subtotal.js';

export interface OrderSummaryProps {
  entries: CartEntryJson[];
  /** The server's latest quote; null until the first one answers. */
  totals: TotalsJson | null;
  /** Until a shipping method is chosen the shipping line says so instead of a price. */
  shippingChosen: boolean;
  /** The cart's own subtotal, shown until the first quote answers. */
  cartSubtotal: number;
  money: (minor: number) => string;
}

/** The cart's lines and the quoted totals: subtotal, shipping, each tax, discount, total. */
export function OrderSummary({
  entries,
  totals,
  shippingChosen,
  cartSubtotal,
  money,
}: OrderSummaryProps) {
  return (
    <aside className="co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title">Order summary</h2>
      <ul className="co-lines" role="list">
        {entries.map((e) => {
          const detail = variantText(e);
          return (
            <li key={e.id}>
              <span className="co-line-qty" aria-label={`Quantity ${e.quantity}`}>
                {e.quantity}
              </span>
              <span className="co-line-title">
                {e.title}
                {detail && <span className="co-hint">{detail}</span>}
              </span>
              <span className="co-line-amount">{money(entrySubtotalMinor(e))}</span>
            </li>
          );
        })}
      </ul>
      {!totals && (
        <dl className="co-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(cartSubtotal)}</dd>
          </div>
        </dl>
      )}
      {totals && (
        <dl className="co-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(totals.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>
              {!shippingChosen
                ? 'Calculated at next step'
                : totals.shippingTotal === 0
                  ? 'Free'
                  : money(totals.shippingTotal)}
            </dd>
          </div>
          {totals.taxLines.map((t) => (
            <div key={t.id}>
              <dt>
                {t.included ? 'Includes ' : ''}
                {t.name} ({t.rate}%)
              </dt>
              <dd>{money(t.amount)}</dd>
            </div>
          ))}
          {totals.discountTotal > 0 && (
            <div>
              <dt>Discount</dt>
              <dd>−{money(totals.discountTotal)}</dd>
            </div>
          )}
          {totals.giftCardTotal > 0 && (
            <div>
              <dt>Gift card</dt>
              <dd>−{money(totals.giftCardTotal)}</dd>
            </div>
          )}
          <div className="co-grand">
            <dt>Total</dt>
            <dd>
              <span className="co-currency">{totals.currency}</span> {money(totals.grandTotal)}
            </dd>
          </div>
        </dl>
      )}
    </aside>
  );
}
