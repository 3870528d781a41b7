import type { ReactNode } from 'react';
import type {
  DiscountLineJson,
  GiftCardLineJson,
  TotalsJson,
} from '../../../shared/checkout/api.js';
import type { CheckoutTexts } from '../../../shared/checkout/checkout-texts.js';
import type { CartEntryJson } from '../cart/cart-json.js';
import { answeredLines } from '../../../shared/cart/field-answers.js';
import { entrySubtotalMinor, variantText } from '../cart/entry-subtotal.js';
import { LineThumb } from '../cart/line-thumb.js';

/** The summary's thumbnails are smaller than the cart page's (CSS px). */
export const SUMMARY_THUMB_PX = 56;

export interface OrderSummaryProps {
  entries: CartEntryJson[];
  /** The server's latest quote; null until the first one answers. */
  totals: TotalsJson | null;
  /** Until a shipping method is chosen the shipping line says so instead of a price. */
  shippingChosen: boolean;
  /** The cart's own subtotal, shown until the first quote answers. */
  cartSubtotal: number;
  money: (minor: number) => string;
  texts: CheckoutTexts;
  /** A subscription's plan phrase (SPEC 9.2), shown under its line. */
  plan?: string | undefined;
  /** Issue 15: the quote's discount and gift card lines (none before the first quote). */
  discountLines?: DiscountLineJson[];
  giftCardLines?: GiftCardLineJson[];
  /** The 'Discount code or gift card' field, shown between the lines and the totals. */
  codes?: ReactNode;
}

/**
 * The cart's lines, the discount code / gift card field, and the quoted totals: subtotal,
 * shipping, each tax, each discount, each gift card paying, total.
 */
export function OrderSummary({
  entries,
  totals,
  shippingChosen,
  cartSubtotal,
  money,
  texts,
  plan,
  discountLines = [],
  giftCardLines = [],
  codes,
}: OrderSummaryProps) {
  return (
    <aside className="co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title">{texts.orderSummary}</h2>
      <ul className="co-lines" role="list">
        {entries.map((e) => {
          const detail = variantText(e);
          const answers = answeredLines(e.additionalFieldAnswers ?? e.additionalFields);
          return (
            <li key={e.id}>
              <span className="co-line-pic">
                <LineThumb image={e.image} size={SUMMARY_THUMB_PX} className="co-thumb" />
                <span className="co-line-qty" aria-label={texts.quantity(e.quantity)}>
                  {e.quantity}
                </span>
              </span>
              <span className="co-line-title">
                {e.title}
                {detail && <span className="co-hint">{detail}</span>}
                {answers.map((a, i) => (
                  <span key={i} className="co-hint co-answer">
                    {`${a.label}: ${a.text}`}
                  </span>
                ))}
              </span>
              <span className="co-line-amount">{money(entrySubtotalMinor(e))}</span>
            </li>
          );
        })}
      </ul>
      {plan && (
        <p className="co-plan">
          <span className="co-hint">{texts.subscription.plan}</span> {plan}
        </p>
      )}
      {codes}
      {!totals && (
        <dl className="co-totals">
          <div>
            <dt>{texts.subtotal}</dt>
            <dd>{money(cartSubtotal)}</dd>
          </div>
        </dl>
      )}
      {totals && (
        <dl className="co-totals">
          <div>
            <dt>{texts.subtotal}</dt>
            <dd>{money(totals.subtotal)}</dd>
          </div>
          <div>
            <dt>{texts.shipping}</dt>
            <dd>
              {!shippingChosen
                ? texts.shippingLater
                : totals.shippingTotal === 0
                  ? texts.free
                  : money(totals.shippingTotal)}
            </dd>
          </div>
          {totals.taxLines.map((t) => (
            <div key={t.id}>
              <dt>{texts.taxLine(t.name, t.rate, t.included)}</dt>
              <dd>{money(t.amount)}</dd>
            </div>
          ))}
          {discountLines.map((d) => (
            <div key={d.discountId} className="co-discount-line">
              <dt>
                {texts.discount} · {d.label}
              </dt>
              <dd>{d.kind === 'free-shipping' ? texts.freeShipping : `−${money(d.amount)}`}</dd>
            </div>
          ))}
          {giftCardLines.map((g) => (
            <div key={g.giftCardId} className="co-gift-card-line">
              <dt>{texts.giftCardEnding(g.last4)}</dt>
              <dd>−{money(g.amount)}</dd>
            </div>
          ))}
          <div className="co-grand">
            <dt>{texts.total}</dt>
            <dd>
              <span className="co-currency">{totals.currency}</span> {money(totals.grandTotal)}
            </dd>
          </div>
        </dl>
      )}
    </aside>
  );
}
