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
