import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import { signInOwner } from './owner.js';

/** A real desktop Chrome user agent: HeadlessChrome is a known bot and never counted. */
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

describe('telemetry in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Page;

  const ownerGet = async (path: string) => {
    const res = await owner.request.get(`${server.url}${path}`);
    expect(res.status(), path).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: owner } = await newPage(browser, { userAgent: UA }));
    await signInOwner(owner, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('records a visit with cookies, and a return after the visit cookie lapsed', async () => {
    const { page, errors, context } = await newPage(browser, { userAgent: UA });
    // Pages carry the facts telemetry needs (no viewer data: the HTML is cached).
    const shopHtml = await (await context.request.get(`${server.url}/shop`)).text();
    expect(shopHtml).toContain('<script type="application/json" id="site-context">');
    await page.goto(`${server.url}/shop`);
    await expect.poll(() => cookie(context, 'ss_cvr'), { timeout: 10_000 }).toBeDefined();
    const first = (await cookie(context, 'ss_cvr'))!.split('|');
    expect(first).toHaveLength(5);
    expect(first.slice(1).every((n) => /^[1-9]\d*$/.test(n))).toBe(true);
    expect(first[4]).toBe('1');
    expect(Number(await cookie(context, 'ss_cvt'))).toBeGreaterThan(0);
    await expect
      .poll(async () => (await ownerGet('/api/analytics/summary')).pageViews, { timeout: 10_000 })
      .toBe(1);

    // The 30-minute visit cookie lapsed: an old ss_cvt starts visit 2 for the same visitor.
    await context.addCookies([
      { name: 'ss_cvt', value: String(Date.now() - 31 * 60_000), url: server.url },
    ]);
    await page.goto(`${server.url}/`);
    await expect
      .poll(async () => (await cookie(context, 'ss_cvr'))?.split('|')[4], { timeout: 10_000 })
      .toBe('2');
    const second = (await cookie(context, 'ss_cvr'))!.split('|');
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[3]);
    await expect
      .poll(async () => await ownerGet('/api/analytics/summary'), { timeout: 10_000 })
      .toMatchObject({ pageViews: 2, visits: 2, uniqueVisitors: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends LCP, CLS, INP and TTFB by beacon when the page is hidden', async () => {
    const { page, context } = await newPage(browser, { userAgent: UA });
    await page.goto(`${server.url}/shop`);
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/telemetry-')),
    );
    await page.waitForTimeout(300);
    await page.mouse.click(5, 5);
    await page.waitForTimeout(800);
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/1/performance/records'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    const req = await beacon;
    expect(req.headers()['content-type']).toContain('text/plain');
    const records = JSON.parse(req.postData()!) as {
      eventName: string;
      pageLoadId: string;
      data: Record<string, unknown>;
    }[];
    const speed = records.find((r) => r.eventName === 'page_speed')!;
    expect(speed.pageLoadId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(speed.data).toMatchObject({
      collector_version: '4.13.1',
      delivery_type: 'beacon',
      path: '/shop',
    });
    for (const field of [
      'largest_contentful_paint_ms',
      'cumulative_layout_shift',
      'interaction_to_next_paint_ms',
      'time_to_first_byte_ms',
    ]) {
      expect(typeof speed.data[field], field).toBe('number');
    }
    expect(records.map((r) => r.eventName)).toContain('a11y');
    await expect
      .poll(
        async () => {
          const { pages } = await ownerGet('/api/performance/summary');
          const shop = pages.find((p: { pagePath: string }) => p.pagePath === '/shop');
          return (shop?.metrics ?? []).map((m: { metric: string }) => m.metric).sort();
        },
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(['cls', 'inp', 'lcp', 'ttfb']));
    await context.close();
  });

  it('sends the census calls for rendered forms and an opened quick view', async () => {
    const { page, errors, context } = await newPage(browser, { userAgent: UA });
    const formRenders = page.waitForRequest((r) => r.url().endsWith('/api/census/form-render'));
    await page.goto(`${server.url}/contact`);
    const form = JSON.parse((await formRenders).postData() ?? '{}');
    expect(form.formId).toMatch(/^form-/);
    expect(form.visitorCookie).toMatch(/^[\w-]+\|/);

    await page.goto(`${server.url}/shop`);
    await hydrated(page, '[data-island="quick-view"]');
    // The tracker starts after `load`; the click must come after it listens.
    await page.waitForFunction(() => document.cookie.includes('ss_cvr='));
    const quickView = page.waitForRequest((r) => r.url().includes('/api/census/RecordQuickView/'));
    await page
      .locator('[data-island="quick-view"][data-hydrated="true"] .pi-quick-view-trigger')
      .first()
      .click();
    expect((await quickView).url()).toMatch(/RecordQuickView\/[\w-]+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports an error thrown in the page once', async () => {
    const { page, errors, context } = await newPage(browser, { userAgent: UA });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/telemetry-')),
    );
    await page.waitForTimeout(200);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e telemetry boom');
      }, 0);
    });
    const find = async () =>
      (await ownerGet('/api/errors/summary')).errors.find(
        (e: { message: string }) => e.message === 'e2e telemetry boom',
      );
    await expect.poll(async () => (await find())?.count, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect((await find()).count).toBe(1);
    expect(errors.some((e) => e.includes('e2e telemetry boom'))).toBe(true);
    await context.close();
  });
});
