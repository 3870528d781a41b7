import { Messages } from '../errors.js';
import { QUANTITY_MAX, QUANTITY_MIN } from '../quantity-range.js';

export type QuantityParse = { ok: true; quantity: number } | { ok: false; message: string };

/** What the visitor typed → a quantity the cart API accepts, or the SPEC text saying why not. */
export function parseCartQuantity(text: string): QuantityParse {
  const t = text.trim();
  if (t === '' || !Number.isFinite(Number(t))) {
    return { ok: false, message: Messages.QUANTITY_NOT_A_NUMBER };
  }
  const n = Number(t);
  if (!Number.isInteger(n)) return { ok: false, message: Messages.QUANTITY_NOT_WHOLE };
  if (n < QUANTITY_MIN || n > QUANTITY_MAX) {
    return { ok: false, message: Messages.QUANTITY_OUT_OF_RANGE };
  }
  return { ok: true, quantity: n };
}
