import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIResponse, Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser } from './browser.js';
import { startTestSmtp, headersOf, type ReceivedMail } from '../src/server/mail/test-smtp.js';
import { Api, signInOwner } from './xss/api.js';
import { addEveryFieldPage } from './every-field-form.js';
import { Canaries, check } from './xss/probe.js';
import {
  EMAIL_PAYLOADS,
  EMAIL_REFUSED,
  HEADER_EMAIL_INJECTIONS,
  HEADER_INJECTIONS,
  PAYLOADS,
  spread,
} from './xss/payloads.js';

/**
 * Issue 11: every input that reaches an owner screen, a page or a mail goes in with the corpus
 * (e2e/xss/payloads.ts) and every view it reaches is rendered in Chromium, where nothing may
 * run (canaries), become markup (page scan) or trip the dashboard's CSP; CR/LF never makes a
 * header of its own, in mail or in a response. docs/security.md says how to add a view.
 *
 * One server, one browser, inputs through the API; the tests run in order and share what the
 * earlier ones created (orders, submissions, telemetry) with the owner's screens and the mails.
 */

/** A real desktop Chrome: HeadlessChrome is a known bot and its telemetry is not counted. */
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** The workshop booking's two dates; its form (form-product-custom) has every field type. */
const BOOKINGS = [
  { itemId: 'demo-workshop-booking', sku: 'SM-WKSP-GLAZE' },
  { itemId: 'demo-workshop-booking', sku: 'SM-WKSP-HAND' },
];
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' };
const SOLD_OUT = { productId: 'demo-dune-vase', variantId: 'v-demo-dune-vase' };
/** Shows in every record the owner's screens must list, so a screen is known to be loaded. */
const MARK = 'xss-corpus-mark';

let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
const canaries = new Canaries();
let owner: Api;
let ownerPage: Page;
const orders: { id: string; confirmationUrl: string; statusUrl: string }[] = [];
/** A form with one field of every type (e2e/every-field-form.ts): the address payloads go there. */
let everyFieldFormId = '';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    // A light proof of work: the suite solves a few dozen challenges in Node.
    ALTCHA_MAX_NUMBER: '200',
    // Some thirty submissions from one address in a minute.
    FORM_RATE_PER_ADDRESS: '200',
  });
  browser = await launchBrowser();
  owner = await newApi();
  await signInOwner(owner);
  ownerPage = await owner.context.newPage();
  everyFieldFormId = await addEveryFieldPage(owner.context, server.url);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
}, 240_000);

/** A fresh visitor: own cookies (cart, crumb), canaries armed, a real browser's user agent. */
async function newApi(): Promise<Api> {
  const context = await canaries.attach(
    await browser!.newContext({ userAgent: UA, baseURL: server!.url }),
  );
  return new Api(context, server!.url).start();
}

async function ok(res: APIResponse, what: string, status = 200): Promise<unknown> {
  const body = await res.text();
  expect(res.status(), `${what}: ${body.slice(0, 400)}`).toBe(status);
  return body ? (JSON.parse(body) as unknown) : undefined;
}

/**
 * Renders a view and scans it. `ready` waits for the view's data (islands hydrated, the
 * dashboard's screen loaded); then the network settles so image errors and focus handlers of
 * injected markup would have fired.
 */
async function render(
  page: Page,
  view: string,
  url: string,
  ready?: (page: Page) => Promise<void>,
): Promise<void> {
  canaries.view = view;
  // A dashboard screen is a hash route: start from a blank page so no earlier screen's text
  // can satisfy `ready`.
  if (url.includes('#')) await page.goto('about:blank');
  const res = await page.goto(url);
  expect(res?.status() ?? 0, `${view} status`).toBeLessThan(500);
  // No input ever becomes a response header (or a line of one).
  for (const h of (await res?.headersArray()) ?? []) {
    if (/injected|__xss/i.test(`${h.name}: ${h.value}`))
      canaries.findings.push({ view, what: `response header ${h.name}: ${h.value}` });
  }
  if (ready) await ready(page);
  await settle(page);
  await check(canaries, page);
}

/**
 * Waits until injected markup would have acted: every image finished (an `onerror` fires when
 * `src=x` fails) and two frames painted (autofocus, ontoggle).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((i) => i.complete) &&
      new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))),
    null,
    { timeout: 30_000 },
  );
}

/** A dashboard screen is ready when its data (carrying MARK or `text`) is on it. */
const shows = (text: string) => async (page: Page) => {
  await page.waitForFunction((t) => document.body.innerText.includes(t), text, {
    timeout: 30_000,
  });
};

const hydrated = (selector: string) => async (page: Page) => {
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, {
    state: 'attached',
    timeout: 30_000,
  });
};

/** A header block holds no injected line: no such names, one recipient. */
function expectCleanMailHeaders(mail: ReceivedMail): void {
  const headers = headersOf(mail.raw);
  const names = [...headers.keys()];
  expect(names, mail.raw.slice(0, 600)).not.toContain('x-injected');
  expect(names, mail.raw.slice(0, 600)).not.toContain('bcc');
  expect(headers.get('to') ?? [], mail.raw.slice(0, 600)).toHaveLength(1);
  expect(mail.to, 'one envelope recipient').toHaveLength(1);
  expect(mail.to.join(), 'envelope').not.toContain('evil.test');
}

describe('XSS and header-injection corpus', () => {
  it('the probes catch what runs and what is injected (control)', async () => {
    const page = await owner.context.newPage();
    canaries.view = 'control:';
    await page.setContent(
      `<p>${PAYLOADS[1]!.text}</p><a href="javascript:void 0">x</a><p>{.if website}TPLHIT18</p><p>TPLHIT18</p>` +
        `<svg onload=alert(1)></svg><div onclick="__xss(0)"></div>`,
      { waitUntil: 'load' },
    );
    await settle(page);
    await check(canaries, page);
    await page.close();
    const found = canaries.of('control:').join('\n');
    for (const what of [
      'canary __xss(2) ran',
      'data-xss element',
      'javascript: URL in href',
      'template evaluated',
      'dialog alert(1)',
      'handler onclick',
    ])
      expect(found).toContain(what);
  });

  it('form submissions: visitor fields, page context, emails; CR/LF in an address is refused', async () => {
    const visitor = await newApi();
    const rows = spread(PAYLOADS, 10);
    for (const [r, p] of rows.entries()) {
      const values = {
        name: [p[0], p[1]],
        email: EMAIL_PAYLOADS[r % EMAIL_PAYLOADS.length]!.text,
        phone: ['', '555', '123', '4567'],
        topic: 'Other',
        subject: p[6],
        message: `${MARK} ${p[7]}`,
        source: p[8],
      };
      const page = { captcha: true, pageTitle: p[8], pagePath: `/contact/${p[9]}` };
      await ok(await visitor.submitForm('form-contact', values, page), `contact submission ${r}`);
      // The demo contact form has no address: the every-type form takes the row with one.
      const withAddress = { ...values, address: [p[2], p[3], p[4], p[5], '62701', 'US'] };
      await ok(
        await visitor.submitForm(everyFieldFormId, withAddress, page),
        `every-field submission ${r}`,
      );
    }
    // The address rows were kept (a form without the field would drop them unseen).
    const kept = (await (
      await owner.get(`/api/forms/${everyFieldFormId}/submissions?limit=100`)
    ).json()) as { items: { data: Record<string, unknown> }[] };
    const addresses = rows.map((p) => [p[2], p[3], p[4], p[5], '62701', 'US']);
    expect(kept.items).toHaveLength(addresses.length);
    expect(kept.items.map((i) => i.data.address)).toEqual(expect.arrayContaining(addresses));
    // The newsletter (no bot check) mails a welcome to the address itself.
    for (const e of EMAIL_PAYLOADS.slice(3)) {
      const res = await visitor.submitForm('form-newsletter', {
        email: e.text,
        name: [PAYLOADS[0]!.text, PAYLOADS[1]!.text],
      });
      await ok(res, `newsletter ${e.id}`);
    }
    for (const email of [...EMAIL_REFUSED, ...HEADER_EMAIL_INJECTIONS]) {
      const contact = await visitor.submitForm(
        'form-contact',
        { name: ['Ada', 'L'], email, message: 'hello' },
        { captcha: true },
      );
      expect(contact.status(), `contact with ${JSON.stringify(email)}`).toBe(400);
      const news = await visitor.submitForm('form-newsletter', { email });
      expect(news.status(), `newsletter with ${JSON.stringify(email)}`).toBe(400);
    }
    // Names with CR/LF are text: accepted, and the mails (checked below) stay clean.
    for (const name of HEADER_INJECTIONS) {
      const res = await visitor.submitForm(
        'form-contact',
        { name: [name, name], email: 'crlf@x.co', subject: name, message: `${MARK} ${name}` },
        { captcha: true, pageTitle: name },
      );
      await ok(res, `contact with CR/LF name`);
    }
    await visitor.context.close();
  }, 180_000);

  it('restock sign-ups: the address reaches the owner; CR/LF in it is refused', async () => {
    const visitor = await newApi();
    const signUp = async (email: string, join: boolean) =>
      visitor.post('/api/site-users/account/notifications/restock', {
        ...SOLD_OUT,
        siteVisitorEmail: email,
        isJoinMailingList: join,
        captchaToken: await visitor.altcha(),
      });
    for (const [i, e] of EMAIL_PAYLOADS.entries()) {
      await ok(await signUp(e.text, i % 2 === 0), `restock sign-up ${e.id}`);
    }
    for (const email of [...EMAIL_REFUSED, ...HEADER_EMAIL_INJECTIONS]) {
      const res = await signUp(email, true);
      expect(res.status(), `restock with ${JSON.stringify(email)}`).toBe(400);
    }
    await visitor.context.close();
  }, 120_000);

  it('cart and checkout: custom form answers on /cart, checkout fields on the order pages', async () => {
    const answers = spread(PAYLOADS, 7, 6);
    const fields = spread(PAYLOADS, 10, 3);
    for (let r = 0; r < 3; r++) {
      const shopper = await newApi();
      for (const [i, a] of [answers[2 * r]!, answers[2 * r + 1]!].entries()) {
        const res = await shopper.post('/api/commerce/shopping-cart/entries', {
          ...BOOKINGS[i]!,
          quantity: 1,
          additionalFields: JSON.stringify({
            name: [a[0], a[1]],
            email: 'ada@example.com',
            address: [a[2], a[3], a[4], 'IL', '62701', 'US'],
            guest: a[5],
            message: a[6],
          }),
        });
        await ok(res, `add workshop booking (shopper ${r})`);
      }
      // Something to ship, so the order keeps its shipping address (as the mugs did before).
      await ok(
        await shopper.post('/api/commerce/shopping-cart/entries', { ...CANDLE, quantity: 1 }),
        `add candle (shopper ${r})`,
      );
      const page = await shopper.context.newPage();
      await render(page, `page:/cart#${r}`, '/cart', async (p) => {
        await hydrated('[data-island="cart-page"]')(p);
        await p.waitForSelector('[data-island="cart-page"] section:not([aria-busy])');
      });
      const f = fields[r]!;
      const address = (o: number) => ({
        firstName: f[o],
        lastName: f[o + 1],
        line1: f[o + 2],
        line2: f[o + 3],
        city: f[o + 4],
        region: 'NY',
        postalCode: '10001',
        country: 'US',
        phone: '555 0100',
      });
      const placed = (await ok(
        await shopper.post('/api/commerce/orders', {
          email: EMAIL_PAYLOADS[r]!.text,
          shippingAddress: address(0),
          billingAddress: address(5),
          shippingOptionId: 'standard',
          payment: { provider: 'test', token: 'tok_visa' },
        }),
        `order ${r}`,
        201,
      )) as { order: { id: string; confirmationUrl: string; statusUrl: string } };
      orders.push(placed.order);
      await render(page, `page:order-confirmed#${r}`, placed.order.confirmationUrl);
      await render(page, `page:order-status#${r}`, placed.order.statusUrl);
      await shopper.context.close();
    }

    // CR/LF: in the address it is refused; in names it is text and the mails stay clean.
    const crlf = await newApi();
    await ok(
      await crlf.post('/api/commerce/shopping-cart/entries', { ...CANDLE, quantity: 1 }),
      'add candle',
    );
    const base = {
      shippingAddress: {
        firstName: HEADER_INJECTIONS[0],
        lastName: HEADER_INJECTIONS[1],
        line1: HEADER_INJECTIONS[2],
        city: HEADER_INJECTIONS[0],
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
      shippingOptionId: 'standard',
      payment: { provider: 'test', token: 'tok_visa' },
    };
    for (const email of [...EMAIL_REFUSED, ...HEADER_EMAIL_INJECTIONS]) {
      const res = await crlf.post('/api/commerce/orders', { ...base, email });
      expect(res.status(), `order with ${JSON.stringify(email)}`).toBe(400);
    }
    const placed = (await ok(
      // Any top-level domain: the mailer takes what the checkout takes.
      await crlf.post('/api/commerce/orders', { ...base, email: 'crlf@example.studio' }),
      'order with CR/LF names',
      201,
    )) as { order: { id: string; confirmationUrl: string; statusUrl: string } };
    orders.push(placed.order);
    const page = await crlf.context.newPage();
    await render(page, 'page:order-confirmed#crlf', placed.order.confirmationUrl);
    await crlf.context.close();

    expect(canaries.of('page:')).toEqual([]);
  }, 240_000);

  it('search and not-found pages show the query and the path as text', async () => {
    const visitor = await newApi();
    const page = await visitor.context.newPage();
    // Queries up to 200 characters: as many payloads per query as fit.
    const queries: string[] = [];
    for (const p of PAYLOADS) {
      const last = queries.at(-1);
      if (last !== undefined && last.length + p.text.length < 199)
        queries[queries.length - 1] += ` ${p.text}`;
      else queries.push(p.text);
    }
    for (const [i, q] of queries.entries()) {
      await render(page, `search:${i}`, `/search?q=${encodeURIComponent(q)}`);
      // The query is shown as typed, in the box.
      expect(await page.inputValue('#search-q')).toBe(q);
    }
    // The not-found page prints the path (canonical link, site context): the corpus in three.
    for (const [i, row] of spread(PAYLOADS, 10).entries()) {
      await render(page, `search:404:${i}`, `/no-such-page/${row.join('/')}`);
    }
    await visitor.context.close();
    expect(canaries.of('search:')).toEqual([]);
  }, 180_000);

  it('telemetry: page URLs, titles, referrers, events, script errors, RUM records', async () => {
    const visitor = await newApi();
    const url = (p: string) => `${server!.url}/p/${p}?q=${encodeURIComponent(p)}`;
    for (const p of PAYLOADS) {
      const data = {
        url: url(p.text),
        title: p.text,
        referrer: `https://ref.example/${encodeURIComponent(p.text)}`,
        websiteId: 'site-demo',
        viewportWidth: 1280,
      };
      const res = await visitor.context.request.post(`${server!.url}/api/census/RecordHit`, {
        form: { event: 'View', data: JSON.stringify(data), ss_cvr: `${MARK}|1|1|1|1` },
        failOnStatusCode: false,
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    // Cart additions on the overview: the product id and name are the shopper's to send.
    const names = spread(PAYLOADS, 3, 10);
    for (const [i, n] of names.entries()) {
      await ok(
        await visitor.post('/api/v1/clanker/events', {
          eventSchemaName: 'CommerceAddToCart',
          eventContent: {
            website_id: 'site-demo',
            logged_in: false,
            product_id: `${MARK}-${i}${n[0]!.slice(0, 40)}`,
            product_name: `${MARK} ${n.join(' ')}`,
            quantity: 500 + i,
          },
        }),
        `add-to-cart event ${i}`,
        202,
      );
    }
    // Named events (SPEC 7 RecordEvent): the name and the JSON data are the page's to send.
    for (const row of spread(PAYLOADS, 3)) {
      const res = await visitor.context.request.post(`${server!.url}/api/events/RecordEvent`, {
        form: {
          crumb: await visitor.crumb(),
          event: row[0]!.slice(0, 100),
          data: JSON.stringify({ label: row[1], value: row[2] }),
        },
        failOnStatusCode: false,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    for (let i = 0; i < PAYLOADS.length; i += 10) {
      const batch = PAYLOADS.slice(i, i + 10).map((p) => ({
        event: 'error',
        timestamp: Date.now(),
        data: {
          message: `${MARK} ${p.text}`,
          stack: `Error: ${p.text}\n    at ${url(p.text)}:1:1`,
          url: url(p.text),
          source: url(p.text),
          kind: 'error',
        },
      }));
      await ok(
        await visitor.post('/api/events/RecordJavascriptErrors', batch),
        'script errors',
        202,
      );
    }
    const records = PAYLOADS.map((p, i) => ({
      appName: 'website-rum',
      eventName: 'page_speed',
      pageLoadId: `xsscorpus${String(i).padStart(12, '0')}`,
      timestamp: Date.now(),
      data: {
        collector_version: '4.13.1',
        event_owner_team: 'web_performance',
        action: 'load',
        path: `/p/${p.text}`,
        viewport_width: 1280,
        largest_contentful_paint_ms: 3000,
        largest_contentful_paint_element: p.text,
        time_to_first_byte_ms: 200,
      },
    }));
    for (let i = 0; i < records.length; i += 10) {
      const res = await visitor.context.request.post(`${server!.url}/api/1/performance/records`, {
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        data: JSON.stringify(records.slice(i, i + 10)),
        failOnStatusCode: false,
      });
      expect(res.status(), await res.text()).toBe(202);
    }
    await visitor.context.close();
    // Written in batches within a second or so: wait until the owner's summaries have them.
    await expect
      .poll(
        async () => {
          const errors = (await (await owner.get('/api/errors/summary')).json()) as {
            errors: unknown[];
          };
          const perf = JSON.stringify(await (await owner.get('/api/performance/summary')).json());
          return errors.errors.length >= PAYLOADS.length && perf.includes('__xss(29)');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }, 180_000);

  it("the owner's screens show every input as text, under the dashboard's CSP", async () => {
    expect(orders.length, 'orders placed by the checkout test').toBe(4);
    // The owner fulfils one order with a carrier and tracking number of their own typing.
    await ok(
      await owner.post(`/api/commerce/orders/${orders[0]!.id}/fulfill`, {
        carrier: PAYLOADS[1]!.text,
        trackingNumber: PAYLOADS[4]!.text,
      }),
      'fulfil',
    );
    // The owner sends the restock notices: mail to every address signed up.
    await ok(
      await owner.post('/api/site-users/account/notifications/restock/send', SOLD_OUT),
      'restock send',
      202,
    );
    const page = ownerPage;
    await render(page, 'config:forms', '/config#/forms', shows('Contact'));
    // Each form's inbox (the contact form's, the every-type form's): the submissions carrying
    // the mark, one opened in full.
    for (const [view, formId] of [
      ['config:inbox', 'form-contact'],
      ['config:inbox:every-field', everyFieldFormId],
    ] as const) {
      await render(page, view, `/config#/forms/${formId}/submissions`, async (p) => {
        await p.waitForSelector('.fm-sub-open');
        await p.fill('#fm-inbox-search', MARK);
        await p.press('#fm-inbox-search', 'Enter');
        // The filtered list has arrived once the network is quiet.
        await p.waitForLoadState('networkidle');
        await p.locator('.fm-sub-open').first().click();
        await shows(MARK)(p);
      });
    }
    await render(page, 'config:mailing-lists', '/config#/mailing-lists', shows('Subscribers'));
    await render(page, 'config:orders', '/config#/orders', shows('crlf@example.studio'));
    for (const o of orders) {
      await render(
        page,
        `config:order:${o.id}`,
        `/config#/orders/${encodeURIComponent(o.id)}`,
        shows('Order #'),
      );
    }
    await render(page, 'config:restock', '/config#/restock', shows('Dune Vase'));
    await render(
      page,
      'config:restock-group',
      `/config#/restock/${SOLD_OUT.productId}/${SOLD_OUT.variantId}`,
      shows('x.co'),
    );
    await render(page, 'config:overview', '/config#/', shows(MARK));
    await render(page, 'config:performance', '/config#/performance', shows(MARK));
    // The shopper's status page shows the owner's shipment too.
    await render(page, 'page:order-status#fulfilled', orders[0]!.statusUrl);
    expect(canaries.of('config:')).toEqual([]);
    expect(canaries.of('page:order-status#fulfilled')).toEqual([]);
  }, 240_000);

  it('every mail: HTML bodies render inert, headers carry no injected line', async () => {
    type Mail = {
      id: string;
      kind: string;
      to: string;
      subject: string;
      text: string;
      html: string;
    };
    const outbox = async () => {
      const all: Mail[] = [];
      for (let p = 1; ; p++) {
        const res = await owner.get(`/api/mail/outbox?page=${p}&pageSize=100`);
        const list = (await res.json()) as { items: Mail[]; hasNextPage: boolean };
        all.push(...list.items);
        if (!list.hasNextPage) return all;
      }
    };
    // Restock notices go out in the background: one per address signed up.
    await expect
      .poll(async () => (await outbox()).filter((m) => m.kind === 'restock').length, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(EMAIL_PAYLOADS.length);
    const all = await outbox();
    const kinds = new Set(all.map((m) => m.kind));
    for (const k of [
      'form-owner',
      'newsletter-welcome',
      'restock',
      'order-confirmation',
      'order-owner',
      'order-shipped',
    ])
      expect(kinds, `a ${k} mail`).toContain(k);
    const page = await owner.context.newPage();
    // The unsubscribe page a list mail links to names the address.
    const unsubscribe = [
      ...new Set(all.flatMap((m) => m.text.match(/\/unsubscribe\?token=[^\s>"]+/g) ?? [])),
    ];
    expect(unsubscribe.length, 'unsubscribe links').toBeGreaterThan(0);
    for (const [i, link] of unsubscribe.entries()) {
      await render(page, `mail:unsubscribe-page:${i}`, link);
    }
    for (const m of all) {
      expect(m.subject).not.toMatch(/[\r\n]/);
      expect(m.to).not.toMatch(/[\r\n,;]/);
      canaries.view = `mail:${m.kind}:${m.id}`;
      await page.setContent(m.html, { waitUntil: 'load' });
      await settle(page);
      await check(canaries, page);
    }
    await page.close();
    // The same mails as they left over SMTP.
    await expect
      .poll(() => smtp!.received.length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(all.length);
    for (const mail of smtp!.received) expectCleanMailHeaders(mail);
    expect(canaries.of('mail:')).toEqual([]);
  }, 180_000);

  it('sign-in `next`: never off-site, never javascript:, never a header of its own', async () => {
    const visitor = await newApi();
    const page = await visitor.context.newPage();
    // `next` holds up to 500 characters: the corpus in a few of them, bare and under /config.
    for (const [i, row] of spread(PAYLOADS, 6).entries()) {
      for (const next of [row.join(''), `/config${row.join('')}`]) {
        await render(page, `login:${i}`, `/config/login?next=${encodeURIComponent(next)}`);
        const kept = await page.inputValue('input[name="next"]');
        expect(kept.startsWith('/config'), kept).toBe(true);
      }
    }
    const nexts = [
      'javascript:__xss(1)',
      '//evil.test/config',
      'https://evil.test/config',
      '/config\r\nSet-Cookie: injected=1',
      '/config\nX-Injected: 1',
      '/\\evil.test',
    ];
    for (const next of nexts) {
      const res = await visitor.form('/api/auth/login', {
        email: 'owner@demo.test',
        password: 'demo-password',
        next,
      });
      const what = `next=${JSON.stringify(next)} → ${res.status()} ${JSON.stringify(res.headers())}`;
      expect(res.status(), what).toBeLessThan(500);
      const headers = res.headersArray();
      expect(
        headers.map((h) => h.name.toLowerCase()),
        what,
      ).not.toContain('x-injected');
      for (const h of headers) expect(h.value, what).not.toMatch(/injected|[\r\n]/);
      if (res.status() === 303) {
        const location = res.headers()['location'] ?? '';
        expect(new URL(location, server!.url).origin, what).toBe(server!.url);
        expect(location.startsWith('/config'), what).toBe(true);
      }
    }
    await visitor.context.close();
    expect(canaries.of('login:')).toEqual([]);
  }, 120_000);

  it('the orders CSV keeps its own file name whatever the query', async () => {
    for (const q of [...HEADER_INJECTIONS, ...PAYLOADS.slice(0, 5).map((p) => p.text)]) {
      const res = await owner.get(`/api/commerce/orders.csv?q=${encodeURIComponent(q)}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-disposition']).toMatch(
        /^attachment; filename="orders-[a-z0-9-]+\.csv"$/,
      );
      expect(Object.keys(res.headers())).not.toContain('x-injected');
    }
  });

  it('nothing ran, nowhere', () => {
    expect(
      canaries.findings.filter((f) => f.view !== 'control:').map((f) => `${f.view}: ${f.what}`),
    ).toEqual([]);
  });
});
