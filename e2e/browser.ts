import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The system Chromium (Debian's package) or CHROME_PATH; no downloaded browsers here. */
export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found)
    throw new Error(
      'Chromium not found: install it (apt-get install -y chromium) or set CHROME_PATH',
    );
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A page that records console errors and uncaught exceptions (`errors`), and every HTTP response
 * of 400 or more as 'status path' (`failed`). Chromium's own 'Failed to load resource' console
 * line carries no URL, so it is left to `failed`, where tests can tell expected failures apart.
 */
export async function newPage(
  browserOrContext: Browser | BrowserContext,
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<{ page: Page; errors: string[]; failed: string[]; context: BrowserContext }> {
  const context =
    'newContext' in browserOrContext ? await browserOrContext.newContext(opts) : browserOrContext;
  const page = await context.newPage();
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return { page, errors, failed, context };
}

/**
 * A JSON request the page itself sends (same origin, its cookies, the crumb echoed as the
 * islands do): for the shopper's own cart, and for hosts Node cannot resolve (jp.localhost).
 * `json` is the parsed answer, or null when it is not JSON.
 */
export async function pageFetch(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const m = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
      const res = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': m ? decodeURIComponent(m[1]!) : '',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: `text` has it
      }
      return { status: res.status, text, json };
    },
    { method, path, body },
  );
}

/** Puts an entry in the page's cart through the cart API, as the islands do: the status. */
export async function addToCartByApi(page: Page, entry: object): Promise<number> {
  return (await pageFetch(page, 'POST', '/api/commerce/shopping-cart/entries', entry)).status;
}
