/** SPEC 2.2 / 9.1: where the added-item popover sits, and for how long. */
import { ENGLISH_TEXTS } from '../i18n/storefront-texts.js';

export const POPOVER = {
  autoHideMs: 3000,
  scrollThrottleMs: 100,
  /** Distance from the viewport's right edge, or from a floating cart indicator's left edge. */
  offsetPx: 33,
  /** Gap between the bottom of the site header and the popover. */
  headerGapPx: 16,
} as const;

export interface BoxRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface PopoverPlacement {
  /** px from the viewport top (the popover is position: fixed). */
  top: number;
  /** px from the viewport right edge. */
  right: number;
  placement: 'beside-cart' | 'under-header' | 'corner';
}

/**
 * A floating cart indicator wins (the popover points at what changed); otherwise the popover hangs
 * under the header, which may have scrolled partly out of view, so its visible bottom counts.
 */
export function popoverPosition(opts: {
  viewportWidth: number;
  header: BoxRect | null;
  floatingCart: BoxRect | null;
}): PopoverPlacement {
  const { viewportWidth, header, floatingCart } = opts;
  if (floatingCart) {
    return {
      top: Math.max(0, floatingCart.top),
      right: Math.max(0, viewportWidth - floatingCart.left) + POPOVER.offsetPx,
      placement: 'beside-cart',
    };
  }
  if (header && header.bottom > 0) {
    return {
      top: header.bottom + POPOVER.headerGapPx,
      right: POPOVER.offsetPx,
      placement: 'under-header',
    };
  }
  return { top: POPOVER.headerGapPx, right: POPOVER.offsetPx, placement: 'corner' };
}

/**
 * `template` is the site language's `addedToCartText` (storefront-texts.ts); English by default,
 * '{productName} was added to your cart.'.
 */
export function addedToCartText(
  productName: string,
  template = ENGLISH_TEXTS.addedToCartText,
): string {
  return template.split('{productName}').join(productName);
}
