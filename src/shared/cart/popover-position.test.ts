import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertTitle } from './alert-title.js';
import { giftCardCheckoutUrl, subscriptionCheckoutUrl } from './checkout-urls.js';
import { addedToCartText, POPOVER, popoverPosition } from './popover-position.js';
import { throttle } from './throttle.js';

describe('added-item popover (SPEC 2.2, 9.1)', () => {
  it('pins the SPEC numbers', () => {
    expect(POPOVER).toEqual({
      autoHideMs: 3000,
      scrollThrottleMs: 100,
      offsetPx: 33,
      headerGapPx: 16,
    });
    expect(addedToCartText('Mug')).toBe('Mug was added to your cart.');
  });

  it('hangs 16 px under the header, 33 px from the right edge', () => {
    const header = { top: 0, bottom: 80, left: 0, right: 1200 };
    expect(popoverPosition({ viewportWidth: 1200, header, floatingCart: null })).toEqual({
      top: 96,
      right: 33,
      placement: 'under-header',
    });
  });

  it('a header scrolled out of view leaves the popover in the corner', () => {
    const header = { top: -120, bottom: -40, left: 0, right: 1200 };
    expect(popoverPosition({ viewportWidth: 1200, header, floatingCart: null })).toEqual({
      top: 16,
      right: 33,
      placement: 'corner',
    });
  });

  it('sits beside a floating cart indicator, 33 px to its left', () => {
    const floatingCart = { top: 500, bottom: 540, left: 1100, right: 1160 };
    expect(
      popoverPosition({
        viewportWidth: 1200,
        header: { top: 0, bottom: 80, left: 0, right: 1200 },
        floatingCart,
      }),
    ).toEqual({ top: 500, right: 133, placement: 'beside-cart' });
  });
});

describe('throttle (scroll repositioning)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, at most once per 100 ms, and honours the last call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t.run();
    t.run();
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    t.run();
    expect(fn).toHaveBeenCalledTimes(3);
    t.cancel();
    t.run();
    expect(fn).toHaveBeenCalledTimes(4);
  });
});

describe('checkout URLs and alert titles (SPEC 2, 2.2)', () => {
  it('builds the subscription and gift-card checkout URLs', () => {
    expect(subscriptionCheckoutUrl('a/b')).toBe('/checkout/subscribe?cartToken=a%2Fb');
    expect(giftCardCheckoutUrl('w1', 'p1', 'GC-50')).toBe(
      '/checkout/giftcard?websiteId=w1&giftCardProductId=p1&sku=GC-50',
    );
    expect(giftCardCheckoutUrl('w1', 'p1')).toBe(
      '/checkout/giftcard?websiteId=w1&giftCardProductId=p1',
    );
  });

  it('titles the alert by what was being bought', () => {
    expect(alertTitle({ expressCheckout: false, giftCard: false })).toBe('Unable to Add Item');
    expect(alertTitle({ expressCheckout: true, giftCard: false })).toBe('Unable to Purchase Item');
    expect(alertTitle({ expressCheckout: false, giftCard: true })).toBe(
      'Unable to purchase Gift Card',
    );
  });
});
