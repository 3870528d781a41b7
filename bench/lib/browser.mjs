// JS weight per page, measured in Chromium: every script the page loads, gzipped here.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export function chromePath() {
  const p = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (x) => x && fs.existsSync(x),
  );
  if (!p) throw new Error('Chromium not found (apt-get install -y chromium, or CHROME_PATH)');
  return p;
}

export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * `opts.cookies` (name → value) are set on the site before each page: the editor is measured as
 * the signed-in owner sees it.
 */
export async function benchJsWeight(base, paths, opts = {}) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
  const out = {};
  try {
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      if (opts.cookies) {
        await context.addCookies(
          Object.entries(opts.cookies).map(([name, value]) => ({ name, value, url: base })),
        );
      }
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script') {
          try {
            scripts.push({ url: new URL(r.url()).pathname, body: await r.body() });
          } catch {
            /* a navigation may discard bodies */
          }
        }
      });
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      // Islands hydrate when idle/visible; telemetry loads after `load`. Give them time.
      await page.waitForTimeout(2500);
      const blocking = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            'head script[src]:not([async]):not([defer]):not([type=module])',
          ),
        ].map((s) => s.src),
      );
      const files = scripts.map((s) => ({
        url: s.url,
        bytes: s.body.length,
        gzip: zlib.gzipSync(s.body, { level: 9 }).length,
      }));
      out[path] = {
        files,
        totalGzip: files.reduce((a, f) => a + f.gzip, 0),
        renderBlockingScripts: blocking,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
