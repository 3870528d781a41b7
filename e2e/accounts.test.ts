import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';
import { totpCode } from '../src/server/owners/totp.js';
import { signInOwner } from './owner.js';

/** Screenshots of every account page at a phone's and a desktop's width. */
const SHOTS = process.env.ACCOUNT_SHOTS_DIR ?? '/tmp/accounts-shots';

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('accounts in the browser: sign-up, verification, two-step sign-in, reset', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let admin: BrowserContext | undefined;
  const email = `new-owner-${Date.now()}@example.test`;
  const password = 'first-password-1';
  let secret = '';
  let recovery: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // `npm start` runs with NODE_ENV=production: sign-up is off unless ALLOW_SIGNUP says so.
    server = await startServer({ ALLOW_SIGNUP: 'true' });
    browser = await launchBrowser();
    // The demo admin reads the held mail (no SMTP here) through the outbox API.
    admin = await browser.newContext();
    const page = await admin.newPage();
    await signInOwner(page, server.url);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The newest mail of a kind to an address, waited for (it is written before the 2xx). */
  async function mailLink(kind: string, path: string): Promise<string> {
    const page = admin!.pages()[0]!;
    let link = '';
    await expect
      .poll(
        async () => {
          const outbox = await page.evaluate(async () =>
            (await fetch('/api/mail/outbox?pageSize=100')).json(),
          );
          const mail = (outbox.items as { kind: string; to: string; text: string }[]).find(
            (m) => m.kind === kind && m.to === email,
          );
          link =
            new RegExp(`https?://[^\\s]+${path}\\?token=[\\w-]+`).exec(mail?.text ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    return link;
  }

  it('signs up, opens the mailed link and lands signed in on /config', async () => {
    const { page, errors, context } = await newPage(browser!);
    await page.goto(`${server!.url}/config/login`);
    await shoot(page, 'login');
    await page.click('text=Create an account');
    await page.waitForURL(/\/config\/signup$/);
    await page.fill('#email', email);
    await page.fill('#password', 'short');
    // The browser's own check stops a short password; the server says the same without it.
    expect(
      await page.$eval(
        '#password',
        (el: HTMLInputElement) => el.validity.tooShort || el.validity.valid,
      ),
    ).toBe(true);
    await page.fill('#password', password);
    await shoot(page, 'signup');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('h1')).toBe('Check your email');
    await shoot(page, 'signup-sent');

    // Signing in before the link is opened is refused, with a way to get the link again.
    await page.goto(`${server!.url}/config/login`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#login-error')).toContain('verify your email');
    expect(await page.isVisible('#resend-verification')).toBe(true);
    await shoot(page, 'login-unverified');

    const link = await mailLink('account-verify', '/config/verify');
    await page.goto(link);
    await shoot(page, 'verify');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    // No role on this website yet: one clear page, not a dashboard of refusals.
    await expect.poll(() => page.textContent('#main h1')).toContain('Welcome');
    expect(await page.textContent('#main')).toContain('you do not have access');
    expect(await page.textContent('header')).toContain(email);
    await shoot(page, 'no-role');
    expect(errors).toEqual([]);

    // The link worked once.
    await page.goto(link);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#login-error')).toContain('not valid or has expired');
    await context.close();
  });

  it('turns on two-step sign-in from Security and signs in with a code', async () => {
    const { page, errors, context } = await newPage(browser!);
    await page.goto(`${server!.url}/config/login`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    await page.click('nav >> text=Security');
    await expect.poll(() => page.textContent('#main h1')).toBe('Security');
    await shoot(page, 'security-off');
    await page.click('text=Set up two-step sign-in');
    await page.waitForSelector('#totp-secret');
    expect(
      await page.$eval(
        'img.ed-qr',
        (img: HTMLImageElement) => img.complete && img.naturalWidth > 0,
      ),
    ).toBe(true);
    secret = (await page.textContent('#totp-secret'))!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(page, 'security-setup');
    // A wrong code first: said at the field, nothing turned on.
    const wrong = totpCode(secret, Date.now()) === '000000' ? '111111' : '000000';
    await page.fill('#totp-code', wrong);
    await page.click('text=Turn on');
    await expect.poll(() => page.textContent('#totp-error')).toContain('not right');
    await page.fill('#totp-code', totpCode(secret, Date.now()));
    await page.click('text=Turn on');
    await page.waitForSelector('.ed-recovery');
    recovery = await page.$$eval('.ed-recovery code', (els) => els.map((e) => e.textContent ?? ''));
    expect(recovery).toHaveLength(10);
    await shoot(page, 'security-recovery');
    await page.click('text=I have saved them');
    await expect.poll(() => page.textContent('#main')).toContain('10 recovery codes left');
    await shoot(page, 'security-on');
    await page.click('text=Sign out');
    await page.waitForURL(/\/config\/login/);

    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('h1')).toBe('Two-step sign-in');
    await shoot(page, 'login-code');
    // The code of the next step: the current one was used to turn it on, and is good once.
    await page.fill('#code', totpCode(secret, Date.now() + 30_000));
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    expect(await page.textContent('header')).toContain(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password and signs in with a recovery code', async () => {
    const { page, errors, context } = await newPage(browser!);
    await page.goto(`${server!.url}/config/login`);
    await page.click('text=Forgot password?');
    await page.waitForURL(/\/config\/forgot$/);
    await page.fill('#email', email);
    await shoot(page, 'forgot');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('h1')).toBe('Check your email');
    await shoot(page, 'forgot-sent');

    const link = await mailLink('password-reset', '/config/reset');
    await page.goto(link);
    await page.fill('#password', 'second-password-2');
    await shoot(page, 'reset');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config\/login\?notice=reset$/);
    expect(await page.textContent('#login-notice')).toContain('password was changed');
    await shoot(page, 'login-after-reset');

    // The old password is refused only after the code step (which does not tell).
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('h1')).toBe('Two-step sign-in');
    await page.fill('#code', recovery[0]!);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#login-error')).toContain('password or the code');
    await shoot(page, 'login-code-failed');

    await page.fill('#email', email);
    await page.fill('#password', 'second-password-2');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('h1')).toBe('Two-step sign-in');
    await page.fill('#code', recovery[0]!);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    expect(await page.textContent('header')).toContain(email);
    expect(errors).toEqual([]);
    await context.close();
  });
});
