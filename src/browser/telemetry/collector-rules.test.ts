import { describe, expect, it } from 'vitest';
import { isKeyboardNavigation, isPlatformImage, prefersXhr } from './collector.js';
import { addToCartFields } from './commerce-events.js';

describe('collector rules', () => {
  it('counts only the platform image and static hosts', () => {
    const origin = 'https://shop.example.com';
    expect(isPlatformImage('https://shop.example.com/static/images/a1/500w.webp', origin)).toBe(
      true,
    );
    expect(isPlatformImage('/assets/logo-abc.png', origin)).toBe(true);
    expect(isPlatformImage('https://cdn.other.com/static/images/a1/500w.webp', origin)).toBe(false);
    expect(isPlatformImage('https://shop.example.com/uploads/x.png', origin)).toBe(false);
  });

  it('detects keyboard use on the SPEC keys outside inputs and textareas', () => {
    const div = { tagName: 'DIV' } as unknown as EventTarget;
    for (const key of [
      'Tab',
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'PageUp',
      'PageDown',
      ' ',
      'Enter',
    ]) {
      expect(isKeyboardNavigation(key, div), key).toBe(true);
    }
    expect(isKeyboardNavigation('a', div)).toBe(false);
    expect(isKeyboardNavigation('Tab', { tagName: 'INPUT' } as unknown as EventTarget)).toBe(false);
    expect(isKeyboardNavigation('Enter', { tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(
      false,
    );
  });

  it('uses XHR only on old iOS web views', () => {
    expect(
      prefersXhr(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ),
    ).toBe(true);
    expect(
      prefersXhr(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 Version/12.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(
      prefersXhr(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ),
    ).toBe(false);
    expect(prefersXhr('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126')).toBe(false);
  });

  it("maps SPEC 3.2's add-to-cart detail to CommerceAddToCart fields", () => {
    expect(
      addToCartFields({
        pageType: 'pdp',
        product: { id: 'mug', name: 'Mug' },
        quantity: 2,
        selectedVariant: { sku: 'MUG-1' },
        expressCheckout: false,
      }),
    ).toEqual({
      product_id: 'mug',
      product_name: 'Mug',
      sku: 'MUG-1',
      quantity: 2,
      page_type: 'pdp',
      express_checkout: false,
      subscription_id: null,
    });
  });
});
