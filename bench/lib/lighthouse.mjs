// Lighthouse mobile performance (the default config emulates a mid-range phone on slow 4G).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromePath, chromeFlags } from './browser.mjs';

export async function benchLighthouse(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', ...chromeFlags],
  });
  const out = {};
  try {
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result.lhr;
      const a = (id) => lhr.audits[id]?.numericValue;
      out[path] = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(a('first-contentful-paint')),
        lcpMs: Math.round(a('largest-contentful-paint')),
        tbtMs: Math.round(a('total-blocking-time')),
        cls: +(a('cumulative-layout-shift') ?? 0).toFixed(4),
        speedIndexMs: Math.round(a('speed-index')),
      };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
