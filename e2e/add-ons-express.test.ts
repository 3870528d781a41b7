import { describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { cartCount, chooseOption, hydrated } from './product-islands-helpers.js';

/** A desktop browser's user agent: analytics skips headless ones, and this test reads analytics. */
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The demo mug page that offers add-ons, and the home page's Express Checkout block. */
const MUG_PATH = '/shop/p/studio-seconds-mug';
const ADD_ONS = '.product-add-ons';
const addOn = (itemId: string) =>
  `${ADD_ONS} [data-island="product-form"]:has([data-product-id="${itemId}"])`;
const EXPRESS_BLOCK = '[data-island="product-block"]:has([data-product-id="demo-candle"])';
const SESSION_TEXT =
  'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';

/** The analytics add-to-cart event (SPEC 7 shared events service) the page sends, by body. */
function addToCartEvent(r: Request): { page_type?: string; product_id?: string } | undefined {
  if (!r.url().endsWith('/api/v1/clanker/events') || r.method() !== 'POST') return undefined;
  try {
    const body = JSON.parse(r.postData() ?? '') as {
      eventSchemaName?: string;
      eventContent?: { page_type?: string; product_id?: string };
    };
    return body.eventSchemaName === 'CommerceAddToCart' ? body.eventContent : undefined;
  } catch {
    return undefined;
  }
}

/** Opens `path` and waits until the visit is recorded, so the analytics listeners are running. */
async function openTracked(page: Page, url: string): Promise<void> {
  const hit = page.waitForRequest((r) => r.url().endsWith('/api/census/RecordHit'));
  await page.goto(url);
  await hit;
}

describe('add-on products and express checkout in the browser (SPEC 1.1, 2, 2.2, 4.1, 5.1)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('adds add-ons from a product page: Adding…, Added!, the cart count, pageType add-on', async () => {
    const { page, errors, failed, context } = await newPage(browser, { userAgent: UA });
    await openTracked(page, `${server.url}${MUG_PATH}`);
    const section = page.locator(ADD_ONS);
    expect(await section.locator('h2').textContent()).toBe('Add-ons');
    await section.scrollIntoViewIfNeeded();
    await hydrated(page, addOn('demo-mug-care-kit'));
    await hydrated(page, addOn('demo-gift-wrap'));
    // The page's own form is still the product's, in its own page type.
    expect(
      await page
        .locator('.product-summary > [data-island="product-form"] [data-page-type]')
        .getAttribute('data-page-type'),
    ).toBe('pdp');

    const kit = page.locator(addOn('demo-mug-care-kit'));
    expect(await kit.locator('[data-page-type]').getAttribute('data-page-type')).toBe('add-on');
    expect(await kit.textContent()).toContain('$14.00');
    const events: string[] = [];
    page.on('request', (r) => {
      const e = addToCartEvent(r);
      if (e) events.push(`${e.product_id} ${e.page_type}`);
    });
    const before = await cartCount(page);
    const kitButton = kit.locator('button.pi-button');
    await kitButton.click();
    expect(await kitButton.textContent()).toBe('Adding…');
    await expect.poll(() => kitButton.textContent(), { timeout: 5000 }).toBe('Added!');
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    await expect.poll(() => events).toContain('demo-mug-care-kit add-on');

    // An add-on with an option: the choice is asked for, then its price is the one added.
    const wrap = page.locator(addOn('demo-gift-wrap'));
    const wrapButton = wrap.locator('button.pi-button');
    await wrapButton.click();
    const dialog = page.locator('[role="alertdialog"]');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe('Unable to Add Item');
    expect(await dialog.locator('p').textContent()).toBe('Please select the Paper option.');
    await dialog.locator('button', { hasText: 'OK' }).click();
    await chooseOption(wrap, 'Paper', 'Indigo Wave');
    await expect.poll(() => wrap.textContent()).toContain('$7.00');
    await wrapButton.click();
    await expect.poll(() => wrapButton.textContent(), { timeout: 5000 }).toBe('Added!');
    await expect.poll(() => cartCount(page)).toBe(before + 2);
    await expect.poll(() => events).toContain('demo-gift-wrap add-on');

    // The cart holds both, each at its own price.
    const cart = (await (
      await context.request.get(`${server.url}/api/commerce/shopping-cart`)
    ).json()) as {
      entries: { itemId: string; chosenVariant: { sku: string } }[];
    };
    expect(cart.entries.map((e) => `${e.itemId} ${e.chosenVariant.sku}`).sort()).toEqual([
      'demo-gift-wrap SM-WRAP-INDIGO',
      'demo-mug-care-kit SM-CARE-KIT',
    ]);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('an Express Checkout product block adds and lands on /checkout with the order', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/`);
    const block = page.locator(EXPRESS_BLOCK);
    await block.scrollIntoViewIfNeeded();
    await hydrated(page, EXPRESS_BLOCK);
    expect(await block.locator('[data-page-type]').getAttribute('data-page-type')).toBe(
      'product_block',
    );
    await block.locator('button.pi-button').click();
    await page.waitForURL(`${server.url}/checkout`, { timeout: 10_000 });
    await page.locator('.co-summary').waitFor({ timeout: 10_000 });
    const summary = (await page.textContent('body')) ?? '';
    expect(summary).toContain('Salt & Cedar Candle');
    expect(summary).toContain('$28.00');
    expect(summary).toContain('Subtotal');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without a cart cookie, express checkout stays put and shows Unable to Purchase Item', async () => {
    const { page, context } = await newPage(browser);
    // The browser refuses the cart cookies the add sets (as with cookies blocked for the site);
    // the crumb cookie of the page stays, so the add itself succeeds.
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      // route.fetch() shares the context's cookie jar, so the cookies it was given go too.
      const response = await route.fetch();
      await context.clearCookies({ name: /^(cart|ss_cart)$/ });
      const headers = { ...response.headers() };
      delete headers['set-cookie'];
      await route.fulfill({ response, headers });
    });
    await page.goto(`${server.url}/`);
    const block = page.locator(EXPRESS_BLOCK);
    await block.scrollIntoViewIfNeeded();
    await hydrated(page, EXPRESS_BLOCK);
    const failures: string[] = [];
    await page.exposeFunction('recordFailure', (kind: string) => failures.push(kind));
    await page.evaluate(() =>
      document.addEventListener('commerce:add-to-cart-error', (e) =>
        (window as unknown as { recordFailure: (k: string) => void }).recordFailure(
          (e as CustomEvent<{ kind: string }>).detail.kind,
        ),
      ),
    );
    const added = page.waitForResponse((r) =>
      r.url().endsWith('/api/commerce/shopping-cart/entries'),
    );
    await block.locator('button.pi-button').click();
    expect((await added).status()).toBe(200);
    const dialog = page.locator('[role="alertdialog"]');
    await expect.poll(() => dialog.isVisible(), { timeout: 5000 }).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe('Unable to Purchase Item');
    expect(await dialog.locator('p').textContent()).toBe(SESSION_TEXT);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(failures).toEqual(['EXPRESS_CHECKOUT_FAILURE']);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('ss_cart');
    await context.close();
  });
});
