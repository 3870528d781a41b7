import { moneyToMinor } from '../../../shared/money.js';
import type { CartEntryJson } from './cart-json.js';

/** An entry's line total in minor units, whether the API gives it as cents or as Money JSON. */
export function entrySubtotalMinor(entry: CartEntryJson): number {
  const s = entry.subTotal;
  if (typeof s === 'number' && Number.isFinite(s)) return s;
  if (s && typeof s === 'object') {
    try {
      return moneyToMinor(s);
    } catch {
      // fall through to the unit price
    }
  }
  return (entry.purchasePriceCents ?? 0) * entry.quantity;
}

/** 'Size: L, Colour: Red' in the order the variant lists them. */
export function variantText(entry: CartEntryJson): string {
  return Object.entries(entry.chosenVariant?.attributes ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}
