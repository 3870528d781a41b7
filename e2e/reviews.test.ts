import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { newPage, pageFetch } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import { hydrated } from './product-islands-helpers.js';
import { signInOwner } from './owner.js';

/** Screenshots of the reviews pages (not in the repo). */
const SHOTS = process.env.REVIEWS_SHOTS_DIR ?? '/tmp/reviews-shots';
const PHONE = { width: 390, height: 844 };
const BOWL = { itemId: 'demo-everyday-bowl', sku: 'SM-BWL-S-SEA' };

/** A full-page screenshot at 1440 px, then back to the phone's width. */
async function desktopShot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** The reviews-tab analytics events a page sent (SPEC 7), with the answer's status. */
function reviewsTabEvents(page: Page): { status: number; productId: string }[] {
  const seen: { status: number; productId: string }[] = [];
  page.on('response', (r) => {
    const req = r.request();
    if (req.method() !== 'POST' || !r.url().endsWith('/api/v1/clanker/events')) return;
    try {
      const body = JSON.parse(req.postData() ?? '{}') as {
        eventSchemaName?: string;
        eventContent?: { product_id?: string };
      };
      if (body.eventSchemaName === 'CommerceReviewsTab')
        seen.push({ status: r.status(), productId: body.eventContent?.product_id ?? '' });
    } catch {
      // Not JSON: not ours.
    }
  });
  return seen;
}

describe('product reviews in the browser (390 px)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('buyer reviews from the mail link; the owner approves; the product page shows it and the new average', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const email = `buyer-${Date.now()}@example.test`;

    // A shopper buys a bowl (2 published demo reviews: 5 and 4, average 4.5).
    const shopper = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    const { page } = shopper;
    await page.goto('/shop/p/everyday-bowl');
    expect(await page.textContent('.product-reviews-summary')).toContain('4.5');
    await buyBowl(page, email);

    // The owner reads the held confirmation mail (no SMTP here) through the outbox API.
    const owner = await signedInOwner(browser, server);
    const link = await reviewLinkInMail(owner.page, email);

    // The mail's link: the review request page (209), one form per product bought.
    await page.goto(new URL(link).pathname);
    await hydrated(page, '[data-island="review-request"]');
    expect(await page.textContent('h1')).toBe('Review your purchase');
    const form = page.locator('.review-request-card', { hasText: 'Everyday Bowl' });
    await expect
      .poll(() => form.getByLabel('Name shown with your review').inputValue())
      .toBe('Rosa Parks');
    // Sending without a rating or words: field errors, focus on the rating.
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => form.locator('.field-error').count()).toBe(2);
    const star = form.getByRole('radio', { name: '3 stars' });
    const box = await form.locator('.review-rating-star').nth(2).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await star.check();
    await form.getByLabel('Title', { exact: true }).fill('Good everyday size');
    await form
      .getByLabel('Your review', { exact: true })
      .fill('Sturdy and the right size for soup.\nA little heavier than I hoped.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: `${SHOTS}/request-390.png`, fullPage: true });
    await desktopShot(page, 'request');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => form.textContent())
      .toContain('Your review will appear once the shop has approved it.');

    // The owner approves it in /config → Reviews.
    await owner.page.goto('/config#/reviews');
    const item = owner.page.locator('.cm-item', { hasText: 'Good everyday size' });
    await item.waitFor({ timeout: 30_000 });
    expect(await item.textContent()).toContain('Verified buyer');
    expect(
      await owner.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await owner.page.screenshot({ path: `${SHOTS}/config-reviews-390.png`, fullPage: true });
    await desktopShot(owner.page, 'config-reviews');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => owner.page.textContent('.cm-message'))
      .toContain('Published the review by Rosa Parks');

    // The product page shows it with the new average: (5 + 4 + 3) / 3 = 4.
    const events = reviewsTabEvents(page);
    await page.goto('/shop/p/everyday-bowl');
    expect(await page.textContent('.product-reviews-summary')).toContain('3 reviews');
    expect(await page.getAttribute('.product-reviews-summary .review-stars', 'aria-label')).toBe(
      '4 out of 5 stars',
    );
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/telemetry-')),
    );
    await page.click('summary.product-reviews-summary');
    const first = page.locator('.review').first();
    await expect.poll(() => first.textContent()).toContain('Good everyday size');
    expect(await first.textContent()).toContain('Rosa P.');
    expect(await first.textContent()).toContain('Verified buyer');
    // Closing and opening again sends no second event: one per page view.
    await page.click('summary.product-reviews-summary');
    await page.click('summary.product-reviews-summary');
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(1);
    expect(events[0]).toEqual({ status: 202, productId: 'demo-everyday-bowl' });
    // The star filter (the island hydrates once the tab is open).
    await hydrated(page, '[data-island="product-reviews"]');
    await page.getByRole('button', { name: '3 stars (1)' }).click();
    await expect.poll(() => page.locator('.review').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.locator('#reviews').screenshot({ path: `${SHOTS}/product-reviews-390.png` });
    expect(shopper.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  }, 240_000);

  it('the review request page works with JavaScript off: errors come back with what was typed, then the thank-you', async () => {
    fs.mkdirSync(NOJS_SHOTS, { recursive: true });
    const email = `nojs-${Date.now()}@example.test`;
    const link = await buyAndGetReviewLink(browser, server, email);

    const noJs = await newPage(browser, {
      baseURL: server.url,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const { page } = noJs;
    await page.goto(new URL(link).pathname);
    const form = page.locator('.review-request-card', { hasText: 'Everyday Bowl' });
    // Nothing hydrated: the island's markup only, and its button works all the same.
    expect(await page.locator('script[src]').count()).toBeGreaterThan(0);
    await form.getByLabel('Title', { exact: true }).fill('Heavy <b>but</b> lovely');
    await form.getByLabel('Name shown with your review').fill('Rosa P. Parks');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit review' }).click();
    expect((await sent).status()).toBe(400);
    await page.waitForLoadState('load');
    // The page again: the two errors under their fields, the typed values kept.
    const again = page.locator('.review-request-card', { hasText: 'Everyday Bowl' });
    expect(await again.locator('.field-error').allTextContents()).toEqual([
      'Choose a rating from 1 to 5 stars.',
      'Write a few words about the product.',
    ]);
    expect(await again.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Heavy <b>but</b> lovely',
    );
    expect(await again.getByLabel('Name shown with your review').inputValue()).toBe(
      'Rosa P. Parks',
    );
    expect(
      await again.getByLabel('Your review', { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: `${NOJS_SHOTS}/review-nojs-error-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${NOJS_SHOTS}/review-nojs-error-1440.png`, fullPage: true });
    await page.setViewportSize(PHONE);

    // A rating (the stars light up by CSS alone) and some words: sent, and the thank-you.
    await again.getByRole('radio', { name: '4 stars' }).check();
    const lit = await again
      .locator('.review-rating-star')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
    expect(new Set(lit.slice(0, 4)).size).toBe(1);
    expect(lit[4]).not.toBe(lit[0]);
    await again.getByLabel('Your review', { exact: true }).fill('Keeps soup hot.');
    await again.getByRole('button', { name: 'Submit review' }).click();
    await page.waitForURL(/\?sent=demo-everyday-bowl&status=pending$/);
    const done = page.locator('.review-request-card', { hasText: 'Everyday Bowl' });
    expect(await done.locator('.review-thanks').textContent()).toBe(
      'Thank you! Your review will appear once the shop has approved it.',
    );
    expect(await done.locator('form').count()).toBe(0);
    await page.screenshot({ path: `${NOJS_SHOTS}/review-nojs-thanks-390.png`, fullPage: true });
    expect(noJs.errors).toEqual([]);
  }, 240_000);
});

/** Screenshots of the no-JavaScript review form (not in the repo). */
const NOJS_SHOTS = process.env.REVIEWS_NOJS_SHOTS_DIR ?? '/tmp/shots-loose';

/** A shopper buys a bowl; the owner reads the held confirmation mail's review link. */
async function buyAndGetReviewLink(
  browser: Browser,
  server: RunningServer,
  email: string,
): Promise<string> {
  const shopper = await newPage(browser, { baseURL: server.url, viewport: PHONE });
  await shopper.page.goto('/shop/p/everyday-bowl');
  await buyBowl(shopper.page, email);
  const owner = await signedInOwner(browser, server);
  const link = await reviewLinkInMail(owner.page, email);
  await shopper.context.close();
  await owner.context.close();
  return link;
}

/** One Everyday Bowl bought with the test card, from the page's own session. */
async function buyBowl(page: Page, email: string): Promise<void> {
  const added = await pageFetch(page, 'POST', '/api/commerce/shopping-cart/entries', {
    ...BOWL,
    quantity: 1,
  });
  expect(added.status).toBe(200);
  const placed = await pageFetch(page, 'POST', '/api/commerce/orders', {
    email,
    shippingAddress: {
      firstName: 'Rosa',
      lastName: 'Parks',
      line1: '1 Main St',
      city: 'New York',
      region: 'NY',
      postalCode: '10001',
      country: 'US',
      phone: '555 0100',
    },
    shippingOptionId: 'standard',
    payment: { provider: 'test', token: 'tok_visa' },
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
}

async function signedInOwner(browser: Browser, server: RunningServer) {
  const owner = await newPage(browser, { baseURL: server.url, viewport: PHONE });
  await signInOwner(owner.page);
  return owner;
}

/** The "Review your purchase" link of the held confirmation mail (no SMTP here). */
async function reviewLinkInMail(ownerPage: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = (await pageFetch(ownerPage, 'GET', '/api/mail/outbox?pageSize=100'))
          .json as {
          items: { kind: string; to: string; text: string }[];
        };
        const mail = outbox.items.find((m) => m.kind === 'order-confirmation' && m.to === email);
        link = /Review your purchase: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}
