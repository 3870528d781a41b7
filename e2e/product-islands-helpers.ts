import type { Locator, Page } from 'playwright-core';
import type { ProductItemJson } from '../src/shared/product/types.js';

/** The demo shop's products as its list page's `?format=json` context lists them (DESIGN 8). */
export async function shopProducts(baseUrl: string): Promise<ProductItemJson[]> {
  const res = await fetch(`${baseUrl}/shop?format=json`);
  if (!res.ok) throw new Error(`GET /shop?format=json → ${res.status}`);
  const ctx = (await res.json()) as { items?: ProductItemJson[] };
  return (ctx.items ?? []).filter((i) => i.structuredContent?.variants);
}

export function pick(
  products: ProductItemJson[],
  what: string,
  test: (p: ProductItemJson) => boolean,
): ProductItemJson {
  const found = products.find(test);
  if (!found) throw new Error(`the demo shop has no product that is ${what}`);
  return found;
}

/** Waits until the island's React root has committed (hydrate-island.ts marks it). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, { state: 'attached' });
}

export async function cartCount(page: Page): Promise<number> {
  const v = await page.getAttribute('[data-island="cart-indicator"] [data-count]', 'data-count');
  return Number(v ?? 0);
}

export async function activeInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const root = document.querySelector(s);
    return !!root && root.contains(document.activeElement);
  }, selector);
}

/**
 * Chooses `value` for the variant option `name` inside `scope` the way a shopper does: a click
 * on the swatch or button of a radio-group option, or the dropdown of a many-valued one.
 */
export async function chooseOption(scope: Locator, name: string, value: string): Promise<void> {
  const chooser = scope.locator(`[data-variant-option-name="${name}"]`).first();
  if ((await chooser.evaluate((el) => el.tagName)) === 'SELECT') {
    await chooser.selectOption(value);
    return;
  }
  const radio = chooser.locator(`input[type="radio"][value="${value}"]`);
  await radio.click();
  await radio.evaluate((el) => {
    if (!(el as HTMLInputElement).checked) throw new Error('option not chosen');
  });
}
