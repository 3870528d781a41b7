import type { BrowserContext, Page } from 'playwright-core';
import type { ProductItemJson } from '../src/shared/product/types.js';

/**
 * Every storefront page of the two demo stores, in an order one browser context can walk:
 * the empty cart before anything is added, the added-item popover fills the cart, the cart and
 * checkout with items after it. The accessibility test (e2e/accessibility.test.ts) runs axe-core
 * at each stop; `npm run screenshots` (scripts/screenshots.mjs) photographs each one.
 */
export interface Stop {
  /** File-name base: `product-variants` → docs/screenshots/product-variants-390.png. */
  name: string;
  /** What the stop shows, for the screenshots' README and failure reports. */
  title: string;
  /** The page's address, relative to the store's origin. */
  url: string;
  /** The HTTP status the page answers with. */
  status: number;
  /** Brings the loaded page into the state to check (opens a dialog, adds to the cart…). */
  act?: (page: Page) => Promise<void>;
  /** A dialog is open: photograph the window, not the whole page behind it. */
  dialog?: boolean;
  /** Only on phones (the desktop layout has nothing to open). */
  phoneOnly?: boolean;
}

interface Found {
  products: ProductItemJson[];
  posts: { fullUrl: string; publicCommentCount?: number; commentState?: number }[];
  events: { fullUrl: string }[];
  gallery: { fullUrl: string }[];
}

const LIGHTBOX = '[role="dialog"].lb';

/** A list page's items from its `?format=json` context, read through the browser (Chromium
 * resolves `jp.localhost`; Node does not). */
async function listItems<T>(page: Page, url: string): Promise<T[]> {
  const res = await page.goto(`${url}?format=json`);
  if (!res?.ok()) throw new Error(`GET ${url}?format=json → ${res?.status()}`);
  return ((await res.json()) as { items?: T[] }).items ?? [];
}

function pick(products: ProductItemJson[], what: string, test: (p: ProductItemJson) => boolean) {
  const found = products.find(test);
  if (!found) throw new Error(`the demo shop has no product that is ${what}`);
  return found;
}

const sc = (p: ProductItemJson) => p.structuredContent;
const soldOut = (p: ProductItemJson) =>
  sc(p).variants.every((v) => !v.unlimited && v.qtyInStock <= 0);
const physical = (p: ProductItemJson) => sc(p).productType === 1;
const plain = (p: ProductItemJson) =>
  physical(p) && !sc(p).isSubscribable && !sc(p).additionalFieldsFormId && !soldOut(p);

/** Waits until the page has settled: loaded, every island in view hydrated, the main thread idle. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => {
          const r = el.getBoundingClientRect();
          const inView = r.bottom > 0 && r.top < innerHeight && r.width > 0;
          return !inView || el.dataset.hydrated === 'true';
        }),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // an island that does not hydrate still gets checked as it is
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 50));
        requestAnimationFrame(() => idle(() => resolve(), { timeout: 2000 }));
      }),
  );
  // Fades and openings have ended (the cart pill fades in, dialogs animate): colours are read
  // and photographed as they end up. Endless animations (spinners) are left running.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** Waits until the images the selector finds have loaded (or failed). */
export async function imagesLoaded(page: Page, selector = 'img'): Promise<void> {
  await page.waitForFunction(
    (s) => [...document.querySelectorAll<HTMLImageElement>(s)].every((img) => img.complete),
    selector,
    { timeout: 15_000 },
  );
}

async function visible(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, {
    state: 'attached',
    timeout: 20_000,
  });
}

const cartCount = async (page: Page) =>
  Number(
    (await page.getAttribute('[data-island="cart-indicator"] [data-count]', 'data-count')) ?? 0,
  );

/** Clicks the product form's Add To Cart (options chosen first); waits for the cart to count it. */
async function addFromProductPage(page: Page, product?: ProductItemJson): Promise<void> {
  const form = page.locator('[data-island="product-form"]');
  await hydrated(page, '[data-island="product-form"]');
  await hydrated(page, '[data-island="cart-indicator"]');
  const before = await cartCount(page);
  const variant = product && sc(product).variants.find((v) => v.unlimited || v.qtyInStock > 0);
  for (const option of (product && sc(product).variantOptionOrdering) ?? []) {
    const value = variant!.attributes[option]!;
    const chooser = form.locator(`[data-variant-option-name="${option}"]`).first();
    if ((await chooser.evaluate((el) => el.tagName)) === 'SELECT')
      await chooser.selectOption(value);
    else await chooser.locator(`input[type="radio"][value="${value}"]`).check();
  }
  await form.locator('button.pi-button').click();
  await page.waitForFunction(
    (n) =>
      Number(
        document
          .querySelector('[data-island="cart-indicator"] [data-count]')
          ?.getAttribute('data-count') ?? 0,
      ) > n,
    before,
    { timeout: 15_000 },
  );
}

/** Answers of a custom form's parts (name, phone, address, date, time), as a shopper types them. */
const PART_VALUES: Record<string, string> = {
  Month: '04',
  Day: '12',
  Year: '2027',
  Hour: '10',
  Minute: '30',
  Second: '00',
  Ampm: 'AM',
  Country: 'United States',
  Areacode: '207',
  Prefix: '555',
  Line: '0142',
  Line1: '14 Wharf Lane',
  Line2: 'Studio 2',
  City: 'Kennebunkport',
  State: 'ME',
  Zip: '04046',
  First: 'Ada',
  Last: 'Lovelace',
};

/** Add To Cart on a product with a custom form: the form's text fields answered, then sent. */
async function addWithCustomForm(page: Page): Promise<void> {
  await hydrated(page, '[data-island="product-form"]');
  await hydrated(page, '[data-island="cart-indicator"]');
  const before = await cartCount(page);
  await page.locator('[data-island="product-form"] button.pi-button').click();
  const form = page.locator('[data-testid="custom-form"]');
  await form.waitFor();
  for (const input of await form
    .locator('input[type="text"], input[type="email"], textarea')
    .all()) {
    const part = await input.getAttribute('data-part');
    const type = await input.getAttribute('type');
    await input.fill(
      part ? (PART_VALUES[part] ?? 'Ada') : type === 'email' ? 'ada@example.com' : 'Ada',
    );
  }
  await form.locator('button[type="submit"]').click();
  await page.waitForFunction(
    (n) =>
      Number(
        document
          .querySelector('[data-island="cart-indicator"] [data-count]')
          ?.getAttribute('data-count') ?? 0,
      ) > n,
    before,
    { timeout: 15_000 },
  );
}

const CHECKOUT = '[data-island="checkout-page"]';
const continueButton = (page: Page) =>
  page.locator(`${CHECKOUT} .co-step[data-state="current"] button[type="submit"]`);

/** Walks the demo checkout (English labels) up to `step`: the address, the review, or placed. */
async function checkoutTo(page: Page, step: 'address' | 'review' | 'placed'): Promise<void> {
  await hydrated(page, CHECKOUT);
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await continueButton(page).click();
  await page.getByLabel('First Name', { exact: true }).waitFor();
  if (step === 'address') return;
  await page.getByLabel('First Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('14 Wharf Lane');
  await page.getByLabel('City', { exact: true }).fill('Kennebunkport');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('State', { exact: true }).fill('ME');
  await page.getByLabel('ZIP Code', { exact: true }).fill('04046');
  await page.getByLabel('Phone', { exact: true }).fill('207 555 0142');
  await continueButton(page).click();
  await page
    .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
    .first()
    .check();
  await continueButton(page).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  if (step === 'review') return;
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 30_000 });
}

/**
 * The demo store's tour (http://localhost:PORT). Product pages are chosen by what they are,
 * from the shop's `?format=json` context, so the tour follows the demo's content.
 */
export async function demoTour(page: Page, origin: string): Promise<Stop[]> {
  const found: Found = {
    products: (await listItems<ProductItemJson>(page, `${origin}/shop`)).filter(
      (p) => p.structuredContent?.variants,
    ),
    posts: await listItems(page, `${origin}/blog`),
    events: await listItems(page, `${origin}/events`),
    gallery: await listItems(page, `${origin}/gallery`),
  };
  const { products } = found;
  const single = pick(
    products,
    'plain, one variant',
    (p) => plain(p) && sc(p).variants.length === 1,
  );
  const variants = pick(
    products,
    'with variant options',
    (p) => plain(p) && sc(p).variantOptionOrdering.length >= 1 && sc(p).variants.length > 1,
  );
  const sold = pick(products, 'sold out', soldOut);
  const gift = pick(products, 'a gift card', (p) => sc(p).productType === 4);
  const subscription = pick(products, 'subscribable', (p) => sc(p).isSubscribable);
  const custom = pick(
    products,
    'with a custom form and nothing to choose first',
    // One variant: Add To Cart opens the form at once (a product with options asks for them).
    (p) => Boolean(sc(p).additionalFieldsFormId) && !soldOut(p) && sc(p).variants.length === 1,
  );
  // A post with comments whose form is open (comment state 1), so the form is checked too.
  const post = [...found.posts]
    .filter((p) => p.commentState === 1)
    .sort((a, b) => (b.publicCommentCount ?? 0) - (a.publicCommentCount ?? 0))[0];
  if (!post?.publicCommentCount) throw new Error('the demo blog has no open post with comments');
  const event = found.events[0];
  const image = found.gallery[0];
  if (!event || !image) throw new Error('the demo has no event or no gallery image');

  return [
    { name: 'home', title: 'Home page', url: '/', status: 200 },
    {
      name: 'menu',
      title: 'Home page with the phone menu open',
      url: '/',
      status: 200,
      dialog: true,
      phoneOnly: true,
      act: async (page) => {
        // A menu button (aria-expanded) or a <details> disclosure, whichever the theme draws.
        const button = page.locator('header button[aria-expanded]').first();
        const summary = page.locator('header details > summary').first();
        if ((await button.count()) && (await button.isVisible())) {
          await button.click();
          await page.waitForFunction(
            () =>
              document
                .querySelector('header button[aria-expanded]')
                ?.getAttribute('aria-expanded') === 'true',
          );
        } else if ((await summary.count()) && (await summary.isVisible())) {
          await summary.click();
          await page.locator('header details[open]').first().waitFor();
        }
      },
    },
    { name: 'shop', title: 'Shop (product list)', url: '/shop', status: 200 },
    { name: 'product', title: `Product: ${single.title}`, url: single.fullUrl, status: 200 },
    {
      name: 'product-variants',
      title: `Product with variant options: ${variants.title}`,
      url: variants.fullUrl,
      status: 200,
    },
    {
      name: 'product-alert',
      title: 'Add to cart with no option chosen: the alert dialog',
      url: variants.fullUrl,
      status: 200,
      dialog: true,
      act: async (page) => {
        await hydrated(page, '[data-island="product-form"]');
        await page.locator('[data-island="product-form"] button.pi-button').click();
        await visible(page, '[role="alertdialog"]');
      },
    },
    {
      name: 'product-sold-out',
      title: `Sold-out product: ${sold.title}`,
      url: sold.fullUrl,
      status: 200,
    },
    {
      name: 'product-gift-card',
      title: `Gift card: ${gift.title}`,
      url: gift.fullUrl,
      status: 200,
    },
    {
      name: 'product-subscription',
      title: `Subscription product: ${subscription.title}`,
      url: subscription.fullUrl,
      status: 200,
    },
    {
      name: 'product-custom-form',
      title: `Product with a custom form: ${custom.title}`,
      url: custom.fullUrl,
      status: 200,
    },
    {
      name: 'product-custom-form-open',
      title: 'The custom form dialog, opened by Add To Cart',
      url: custom.fullUrl,
      status: 200,
      dialog: true,
      act: async (page) => {
        await hydrated(page, '[data-island="product-form"]');
        await page.locator('[data-island="product-form"] button.pi-button').click();
        await visible(page, '[data-testid="custom-form"]');
      },
    },
    { name: 'cart-empty', title: 'Cart, empty', url: '/cart', status: 200 },
    {
      name: 'shop-quick-view',
      title: 'Shop: the quick view dialog of a product with options',
      url: '/shop',
      status: 200,
      dialog: true,
      act: async (page) => {
        const island = `[data-island="quick-view"]:has([data-product-id="${variants.id}"])`;
        await page.locator(island).scrollIntoViewIfNeeded();
        await hydrated(page, island);
        await page.locator(`${island} .pi-quick-view-trigger`).click();
        await visible(page, '.pi-quick-view-dialog button.pi-button');
        await imagesLoaded(page, '.pi-quick-view-dialog img');
      },
    },
    {
      name: 'shop-added',
      title: "Shop: the 'added' popover after Add To Cart in the grid",
      url: '/shop',
      status: 200,
      dialog: true,
      act: async (page) => {
        const grid = `[data-island="grid-add-button"]:has([data-product-id="${single.id}"])`;
        await page.locator(grid).scrollIntoViewIfNeeded();
        await hydrated(page, grid);
        await page.locator(`${grid} button.pi-button`).click();
        await visible(page, '[data-testid="added-popover"]');
      },
    },
    {
      name: 'cart',
      title: 'Cart with items: options, a custom form’s answers',
      url: '/cart',
      status: 200,
      act: async (page) => {
        // More lines: one with options, one with a custom form's answers; then the cart.
        await page.goto(variants.fullUrl);
        await addFromProductPage(page, variants);
        await page.goto(custom.fullUrl);
        await addWithCustomForm(page);
        await page.goto('/cart');
        await hydrated(page, '[data-island="cart-page"]');
        await visible(page, '[data-island="cart-page"] .ci-checkout');
      },
    },
    {
      name: 'cart-edit-answers',
      title: 'Cart: editing a custom form’s answers (dialog)',
      url: '/cart',
      status: 200,
      dialog: true,
      act: async (page) => {
        await hydrated(page, '[data-island="cart-page"]');
        await page.locator('[data-island="cart-page"] td .ci-edit').first().click();
        await visible(page, '[role="dialog"].pi-dialog form');
      },
    },
    {
      name: 'checkout',
      title: 'Checkout',
      url: '/checkout',
      status: 200,
      act: (page) => hydrated(page, '[data-island="checkout-page"]'),
    },
    {
      name: 'checkout-address',
      title: 'Checkout: the shipping address step',
      url: '/checkout',
      status: 200,
      act: (page) => checkoutTo(page, 'address'),
    },
    {
      name: 'checkout-review',
      title: 'Checkout: the review step, before Place Order',
      url: '/checkout',
      status: 200,
      act: (page) => checkoutTo(page, 'review'),
    },
    { name: 'blog', title: 'Blog', url: '/blog', status: 200 },
    {
      name: 'post',
      title: 'Blog post with comments and the comment form',
      url: post.fullUrl,
      status: 200,
    },
    { name: 'events', title: 'Events', url: '/events', status: 200 },
    { name: 'event', title: 'An event', url: event.fullUrl, status: 200 },
    { name: 'gallery', title: 'Gallery', url: '/gallery', status: 200 },
    {
      name: 'gallery-lightbox',
      title: 'Gallery with the lightbox open',
      url: '/gallery',
      status: 200,
      dialog: true,
      act: async (page) => {
        await page.locator('.gallery [data-lightbox]').first().click();
        await visible(page, LIGHTBOX);
        await imagesLoaded(page, `${LIGHTBOX} img`);
      },
    },
    { name: 'gallery-item', title: 'A gallery image', url: image.fullUrl, status: 200 },
    { name: 'about', title: 'About', url: '/about', status: 200 },
    { name: 'contact', title: 'Contact', url: '/contact', status: 200 },
    {
      name: 'contact-errors',
      title: 'Contact form sent empty: its errors',
      url: '/contact',
      status: 200,
      act: async (page) => {
        await hydrated(page, '[data-island="form-block"]');
        await page.locator('[data-island="form-block"] button[type="submit"]').first().click();
        await page.locator('[data-island="form-block"] [aria-invalid="true"]').first().waitFor();
      },
    },
    { name: 'search', title: 'Search with results', url: '/search?q=mug', status: 200 },
    {
      name: 'search-empty',
      title: 'Search without results',
      url: '/search?q=zzqx',
      status: 200,
    },
    { name: 'not-found', title: 'Page not found (404)', url: '/no-such-page', status: 404 },
    {
      name: 'unsubscribe',
      title: 'Newsletter unsubscribe page (a link that is not valid)',
      url: '/unsubscribe?token=not-a-token',
      status: 404,
    },
    ...(['shipping', 'returns', 'privacy'] as const).map((kind) => ({
      name: `policy-${kind}`,
      title: `Policy page: ${kind}`,
      url: `/policies/${kind}`,
      status: 200,
    })),
    // Last: placing the order empties the cart.
    {
      name: 'order',
      title: 'Order confirmation, after Place Order on /checkout (test card)',
      url: '/checkout',
      status: 200,
      act: (page) => checkoutTo(page, 'placed'),
    },
  ];
}

/** The Japanese store's main pages (http://jp.localhost:PORT). */
export async function jpTour(page: Page, origin: string): Promise<Stop[]> {
  const products = (await listItems<ProductItemJson>(page, `${origin}/shop`)).filter(
    (p) => p.structuredContent?.variants,
  );
  const product = pick(products, 'plain (jp)', plain);
  return [
    { name: 'jp-home', title: 'Japanese store: home', url: '/', status: 200 },
    { name: 'jp-shop', title: 'Japanese store: shop', url: '/shop', status: 200 },
    {
      name: 'jp-product',
      title: `Japanese store: product (${product.title})`,
      url: product.fullUrl,
      status: 200,
    },
    { name: 'jp-cart-empty', title: 'Japanese store: empty cart', url: '/cart', status: 200 },
    {
      name: 'jp-cart',
      title: 'Japanese store: cart with an item',
      url: '/cart',
      status: 200,
      act: async (page) => {
        await page.goto(product.fullUrl);
        await addFromProductPage(page, product);
        await page.goto('/cart');
        await hydrated(page, '[data-island="cart-page"]');
        await visible(page, '[data-island="cart-page"] .ci-checkout');
      },
    },
    {
      name: 'jp-checkout',
      title: 'Japanese store: checkout',
      url: '/checkout',
      status: 200,
      act: (page) => hydrated(page, '[data-island="checkout-page"]'),
    },
    { name: 'jp-contact', title: 'Japanese store: contact', url: '/contact', status: 200 },
    { name: 'jp-search', title: 'Japanese store: search', url: '/search?q=%E8%8C%B6', status: 200 },
    { name: 'jp-not-found', title: 'Japanese store: 404', url: '/no-such-page', status: 404 },
  ];
}

/** The demo's policies are unwritten (no page); the tour writes them, as the owner would. */
export async function writePolicies(context: BrowserContext, origin: string): Promise<void> {
  await context.request.get(`${origin}/config/login`);
  const crumb = async () =>
    (await context.cookies(origin)).find((c) => c.name === 'crumb')?.value ?? '';
  const login = await context.request.post(`${origin}/api/auth/login`, {
    data: { email: 'owner@demo.test', password: 'demo-password' },
    headers: { 'x-csrf-token': decodeURIComponent(await crumb()) },
  });
  if (!login.ok()) throw new Error(`owner sign-in: ${login.status()}`);
  const read = await context.request.get(`${origin}/api/website/settings`);
  const doc = (await read.json()) as {
    settings: { policies: Record<string, string> };
    version: number;
  };
  const texts: Record<string, string> = {
    shipping:
      '<h2>Where we ship</h2><p>We ship across the United States and Canada. Orders leave the studio within three working days, packed in recycled paper.</p><h2>Costs</h2><p>Shipping is free on orders over $100.</p>',
    returns:
      '<h2>Returns</h2><p>Unused pieces can be returned within 30 days for a full refund. Write to us first and we will send a label.</p><p>Seconds and personalised pieces cannot be returned.</p>',
    privacy:
      '<h2>What we keep</h2><p>Your name, address and email, to send your order and answer your questions. We never sell them.</p><h2>Cookies</h2><p>One cookie keeps your cart; no advertising trackers.</p>',
  };
  const policies = Object.fromEntries(
    Object.entries(texts).map(([k, v]) => [k, doc.settings.policies[k] || v]),
  );
  const save = await context.request.put(`${origin}/api/website/settings`, {
    data: { settings: { ...doc.settings, policies }, version: doc.version },
    headers: { 'x-csrf-token': decodeURIComponent(await crumb()) },
  });
  if (!save.ok()) throw new Error(`save policies: ${save.status()} ${await save.text()}`);
  // The shopper's tour starts signed out.
  await context.clearCookies();
}
