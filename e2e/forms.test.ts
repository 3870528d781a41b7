import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';
import { signInOwner } from './owner.js';

const FORM = 'form[data-form-id="form-contact"]';
const NEWSLETTER = 'form[data-form-id="form-newsletter"]';

/** The contact page mounts the forms once the rendering part wires page blocks: wait for it. */
async function waitForContactForms(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/contact`);
    last = await res.text();
    if (res.ok && last.includes('data-island="form-block"')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`/contact never rendered the form-block island:\n${last.slice(0, 500)}`);
}

async function openContact(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/contact`);
  await page.waitForSelector('[data-island="form-block"][data-hydrated="true"]');
}

async function fillContact(page: Page, message = 'Hello from the browser <b>test</b>') {
  await page.fill(`${FORM} input[name="name.First"]`, 'Ada');
  await page.fill(`${FORM} input[name="name.Last"]`, 'Lovelace');
  await page.fill(`${FORM} input[name="email"]`, 'ada@example.com');
  await page.fill(`${FORM} textarea[name="message"]`, message);
}

describe('contact and newsletter forms in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await waitForContactForms(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows client errors, both banners and the character counter', async () => {
    const { page, errors, context } = await newPage(browser);
    await openContact(page, server.url);
    const counter = page.locator(`${FORM} [data-field-id="message"] .form-counter`);
    await expect.poll(() => counter.textContent()).toBe('0 / 500');
    await page.fill(`${FORM} textarea[name="message"]`, 'x'.repeat(501));
    await expect.poll(() => counter.textContent()).toBe('501 / 500');
    expect(await counter.getAttribute('data-over')).toBe('true');
    await page.fill(`${FORM} input[name="email"]`, 'not-an-email');
    await page.click(`${FORM} button[type=submit]`);
    const fieldError = (id: string) =>
      page.locator(`${FORM} [data-field-id="${id}"] .form-field-error`).textContent();
    await expect.poll(() => fieldError('name')).toBe('Required');
    // Focus moves to the first field in error.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await fieldError('email')).toBe(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(await fieldError('message')).toBe('You have exceeded the character limit.');
    expect(await page.textContent(`${FORM} .form-banner-top`)).toBe(
      'Your form has encountered a problem. Please scroll down to review.',
    );
    expect(await page.textContent(`${FORM} .form-banner-bottom`)).toBe(
      'Your form has encountered a problem. Please scroll up to review.',
    );
    expect(
      await page.getAttribute(`${FORM} textarea[name="message"]`, 'aria-describedby'),
    ).toContain('-message-error');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the contact form: submitting state, success text, stored and mailed', async () => {
    const { page, errors, context } = await newPage(browser);
    await openContact(page, server.url);
    await page.evaluate(() => {
      const w = window as unknown as { events: string[] };
      w.events = [];
      document.addEventListener('form:submitSuccess', (e) =>
        w.events.push(`submitSuccess:${(e as CustomEvent).detail.formId}`),
      );
    });
    await fillContact(page, 'Hello from the browser <b>test</b>');
    // Hold the save a moment so the submitting state can be seen; count what reaches the server.
    let saves = 0;
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      saves++;
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const button = page.locator(`${FORM} button[type=submit]`);
    await button.click();
    await expect
      .poll(() => button.textContent({ timeout: 1000 }).catch(() => ''))
      .toBe('Submitting…');
    await button.click({ timeout: 1000 }).catch(() => undefined); // a repeat submit is ignored
    const block = page.locator('[data-island="form-block"] .form-block');
    await expect
      .poll(() => block.getAttribute('data-state'), { timeout: 30_000 })
      .toBe('submitted');
    expect(await page.textContent('[data-island="form-block"] .form-submission-message')).toContain(
      'Thank you! We will get back to you soon.',
    );
    expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual([
      'submitSuccess:form-contact',
    ]);
    expect(saves).toBe(1);

    // The owner sees the stored submission and the mail in the outbox.
    await signInOwner(page, server.url);
    const stored = await page.evaluate(async () =>
      (await fetch('/api/form/submissions?formId=form-contact')).json(),
    );
    expect(stored.items[0].data.message).toBe('Hello from the browser <b>test</b>');
    expect(stored.items[0].data.name).toEqual(['Ada', 'Lovelace']);
    expect(stored.items[0].pageContext.pagePath).toBe('/contact');
    const outbox = await page.evaluate(async () => (await fetch('/api/mail/outbox')).json());
    const mail = outbox.items.find((m: { kind: string }) => m.kind === 'form-owner');
    expect(mail.subject).toMatch(/^Form Submission - /);
    expect(mail.to).toBe('owner@demo.test');
    expect(mail.html).toContain('Hello from the browser &lt;b&gt;test&lt;/b&gt;');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up for the newsletter and fires the lead event', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/contact`);
    // The page hydrates the sign-up when it scrolls into view.
    await page.locator('[data-island="newsletter-block"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="newsletter-block"][data-hydrated="true"]');
    await page.evaluate(() => {
      const w = window as unknown as { events: string[] };
      w.events = [];
      for (const name of ['analytics:lead', 'form:submitSuccess'])
        document.addEventListener(name, () => w.events.push(name));
    });
    await page.fill(`${NEWSLETTER} input[name="email"]`, 'reader@example.com');
    await page.click(`${NEWSLETTER} button[type=submit]`);
    await expect
      .poll(() => page.textContent('[data-island="newsletter-block"]'), { timeout: 30_000 })
      .toContain('Thank you for signing up!');
    expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual([
      'analytics:lead',
      'form:submitSuccess',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the bot-check failure at the captcha and resets it', async () => {
    const { page, context } = await newPage(browser);
    await openContact(page, server.url);
    // Spoil the solved token on its way out, as a bot replaying a stale token would.
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({
        postData: JSON.stringify({ ...body, captchaKey: 'bm90IGEgc29sdXRpb24=' }),
      });
    });
    await fillContact(page);
    await page.click(`${FORM} button[type=submit]`);
    const captchaError = page.locator(`${FORM} .form-captcha .form-field-error`);
    await expect
      .poll(() => captchaError.textContent(), { timeout: 30_000 })
      .toBe('Complete CAPTCHA before submitting.');
    expect(await page.textContent(`${FORM} .form-banner-top`)).toContain('Please scroll down');
    expect(await page.getAttribute(`${FORM} .form-captcha`, 'data-captcha-status')).toBe('idle');
    expect(await page.textContent(`${FORM} button[type=submit]`)).toBe('Send');
    await context.close();
  });

  it('with a bound captcha widget, a failed submit keeps submit disabled until it is solved again', async () => {
    const { page, context, errors } = await newPage(browser);
    // The contact form as a website with Turnstile would render it; the website itself keeps
    // ALTCHA, so the server refuses the widget's token, as it would a stale one.
    await page.route(`${server.url}/contact`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replaceAll(
        '&quot;provider&quot;:&quot;altcha&quot;}',
        '&quot;provider&quot;:&quot;turnstile&quot;,&quot;siteKey&quot;:&quot;e2e-key&quot;}',
      );
      await route.fulfill({ response: res, body: html });
    });
    // Turnstile's script is a third party (no network in tests): a widget the test solves.
    await page.route('https://challenges.cloudflare.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `(() => {
          let token, opts, n = 0;
          window.solveWidget = () => { token = 'token-' + ++n; opts.callback(token); };
          window.turnstile = {
            render(el, o) { opts = o; el.textContent = 'widget'; window.solveWidget(); return 'w1'; },
            reset() { token = undefined; },
            getResponse() { return token; },
          };
        })();`,
      }),
    );
    await openContact(page, server.url);
    // Hydration keeps the server's attributes; the widget in the box shows Turnstile is in use.
    await expect.poll(() => page.textContent(`${FORM} .form-captcha-widget`)).toBe('widget');
    await fillContact(page);
    const submit = page.locator(`${FORM} button[type=submit]`);
    await submit.click();
    await expect
      .poll(() => page.locator(`${FORM} .form-captcha .form-field-error`).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await submit.isDisabled()).toBe(true);
    await page.press(`${FORM} input[name="email"]`, 'Enter'); // no implicit submit either
    expect(await submit.isDisabled()).toBe(true);
    await page.evaluate(() => (window as unknown as { solveWidget: () => void }).solveWidget());
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
