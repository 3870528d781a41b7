import type { BrowserContext, Page } from 'playwright-core';

/** The demo owner that every browser test's fresh server seeds (`DEMO_OWNER_PASSWORD` in server.ts). */
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-password' } as const;

/**
 * Signs the demo owner in through /config/login's form, as a person does, and waits for the
 * dashboard. `origin` may be left out when the page's context has a baseURL; `from` is where the
 * owner starts (a /config screen sends a signed-out visitor to the form).
 */
export async function signInOwner(page: Page, origin = '', from = '/config/login'): Promise<void> {
  await page.goto(`${origin}${from}`);
  await page.fill('#email', DEMO_OWNER.email);
  await page.fill('#password', DEMO_OWNER.password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/config$/);
}

/** The crumb (CSRF token) the server set for `origin` in this browser context, '' if none yet. */
export async function crumbOf(context: BrowserContext, origin: string): Promise<string> {
  return (await context.cookies(origin)).find((c) => c.name === 'crumb')?.value ?? '';
}

/**
 * Signs the demo owner in through the API (POST /api/auth/login with the crumb), for tests whose
 * subject is not the sign-in form: the context's pages and `context.request` are then the owner's.
 */
export async function signInOwnerByApi(context: BrowserContext, origin: string): Promise<void> {
  if (!(await crumbOf(context, origin))) await context.request.get(`${origin}/config/login`);
  const res = await context.request.post(`${origin}/api/auth/login`, {
    data: DEMO_OWNER,
    headers: { 'x-csrf-token': await crumbOf(context, origin) },
    failOnStatusCode: false,
  });
  if (res.status() !== 200) throw new Error(`owner sign-in: ${res.status()} ${await res.text()}`);
}
