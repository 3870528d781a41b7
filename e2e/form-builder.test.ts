import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { signInOwner } from './owner.js';

const FORM = 'form[data-form-id="form-contact"]';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * The owner rebuilds the demo contact form (the one on /contact) in /config with two fields and a
 * webhook, a visitor submits it on the live site, the receiver gets a correctly signed POST, and
 * the submission is in the form's inbox.
 */
describe('the form builder in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  const got: Received[] = [];
  let receiver: http.Server;
  let hookUrl = '';
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/contact`;
  });
  afterAll(async () => {
    await new Promise((r) => receiver?.close(r));
  });

  it('builds a form with two fields and a webhook, takes a live submission, shows it in the inbox', async () => {
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await signInOwner(page, server.url);

    // --- the builder: replace every field of the contact form with two new ones ---
    await page.click('nav a[href="#/forms"]');
    await page.click('a[href="#/forms/form-contact"]');
    const fields = page.locator('.fm-field');
    await expect.poll(() => fields.count()).toBeGreaterThan(2);
    while ((await fields.count()) > 0) {
      await fields
        .first()
        .getByRole('button', { name: /^Remove/ })
        .click();
    }
    await page.getByLabel('Field type').selectOption('text');
    await page.getByRole('button', { name: 'Add field' }).click();
    await fields.nth(0).getByLabel('Label').fill('Company');
    await fields.nth(0).getByLabel('Required').check();
    await page.getByLabel('Field type').selectOption('email');
    await page.getByRole('button', { name: 'Add field' }).click();
    await fields.nth(1).getByLabel('Required').check();
    // Keyboard reorder: Email first, then Company.
    await page.getByRole('button', { name: 'Move Email up' }).click();
    await expect
      .poll(() => fields.locator('.fm-field-title strong').allTextContents())
      .toEqual(['Email', 'Company']);
    await page.getByLabel('Bot check (CAPTCHA) before sending').uncheck();
    await page.getByRole('button', { name: 'Save form' }).click();
    await expect
      .poll(() => page.locator('.ed-save-bar [role="status"]').textContent())
      .toMatch(/^Saved/);

    // --- the webhook: its secret is shown once ---
    await page.getByLabel('Webhook URL').fill(hookUrl);
    await page.getByRole('button', { name: 'Save URL' }).click();
    const secret = (await page.locator('.fm-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    // --- a visitor submits it on the live site ---
    const visitor = await newPage(browser);
    await visitor.page.goto(`${server.url}/contact`);
    await hydrated(visitor.page, '[data-island="form-block"]');
    expect(await visitor.page.locator(`${FORM} [data-field-id]`).count()).toBe(2);
    await visitor.page.locator(FORM).getByLabel('Company').fill('Acme Ceramics');
    await visitor.page.locator(FORM).getByLabel('Email').fill('buyer@acme.test');
    await visitor.page.click(`${FORM} button[type=submit]`);
    await expect
      .poll(
        () =>
          visitor.page
            .locator('.form-block[data-form-id="form-contact"]')
            .getAttribute('data-state'),
        {
          timeout: 30_000,
        },
      )
      .toBe('submitted');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // --- the receiver got one signed POST ---
    await expect.poll(() => got.length, { timeout: 20_000 }).toBe(1);
    const [post] = got;
    const sig = String(post!.headers['x-webhook-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig) ?? [];
    const expected = crypto.createHmac('sha256', secret).update(`${t}.${post!.body}`).digest('hex');
    expect(v1).toBe(expected);
    const payload = JSON.parse(post!.body) as {
      event: string;
      submission: { answers: { label: string; value: string }[] };
    };
    expect(payload.event).toBe('form.submission');
    expect(payload.submission.answers.map((a) => [a.label, a.value])).toEqual([
      ['Email', 'buyer@acme.test'],
      ['Company', 'Acme Ceramics'],
    ]);

    // --- the delivery log, then the inbox ---
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.locator('.fm-log tbody tr').first().textContent())
      .toContain('200');
    await page.getByRole('link', { name: 'Submissions' }).click();
    const row = page.locator('.fm-sub.fm-unread', { hasText: 'Acme Ceramics' });
    await expect.poll(() => row.count()).toBe(1);
    await row.locator('.fm-sub-open').click();
    const answers = page.locator('.ed-answers').first();
    await expect.poll(() => answers.textContent()).toContain('buyer@acme.test');
    expect(await answers.textContent()).toContain('Company');
    // Opening it marked it read.
    await expect.poll(() => page.locator('.fm-sub.fm-unread').count()).toBe(0);

    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });
});
