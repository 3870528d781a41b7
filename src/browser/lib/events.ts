import type { CartJson, CartEntryJson } from '../islands/cart/cart-json.js';

/**
 * Typed page-wide events, dispatched as CustomEvents on `document` so plain scripts, the theme and
 * islands of separate bundles can all listen (SPEC 4.2). Other parts add their events by
 * augmenting this interface:
 *   declare module '../lib/events.js' { interface PageEvents { 'form:submitSuccess': {...} } }
 */
export interface PageEvents {
  /** The cart is being fetched. */
  'cart:loading': Record<string, never>;
  /** The cart is known. `cart` is null when the visitor has none yet (no cart cookie, signed out). */
  'cart:loaded': { cart: CartJson | null; source: 'fetch' | 'other-tab' };
  /** An add-to-cart succeeded; `cart` is the cart after it. */
  'cart:item-added': { cart: CartJson; newlyAdded: CartEntryJson | null };
  /** A cart change that changes totals started (quantity, removal, additional fields). */
  'cart:recalculate-start': { entryId: string };
  /** …and ended; `cart` is the new cart, or null when the change failed. */
  'cart:recalculate-end': { entryId: string; cart: CartJson | null };
  /** A line was removed (analytics' remove-from-cart); `entry` is the line as it was. */
  'cart:item-removed': { entry: CartEntryJson; cart: CartJson };
}

export type PageEventName = keyof PageEvents;

function defaultTarget(): EventTarget | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/** Dispatches `type` with `detail`; does nothing where there is no document (SSR, tests). */
export function emit<K extends PageEventName>(
  type: K,
  detail: PageEvents[K],
  target: EventTarget | undefined = defaultTarget(),
): void {
  target?.dispatchEvent(new CustomEvent(type, { detail }));
}

/** Listens for `type`; returns the function that stops listening. */
export function on<K extends PageEventName>(
  type: K,
  listener: (detail: PageEvents[K]) => void,
  target: EventTarget | undefined = defaultTarget(),
): () => void {
  if (!target) return () => undefined;
  const handler = (e: Event) => listener((e as CustomEvent<PageEvents[K]>).detail);
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
}
