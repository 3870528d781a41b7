import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser } from './browser.js';

/**
 * The set-up most browser test files share: before their tests, the built server (fresh data
 * directory, seeded demo) and Chromium; after them, both stopped. `ready` hands them over.
 */
export function useServerAndBrowser(
  ready: (server: RunningServer, browser: Browser) => void,
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
