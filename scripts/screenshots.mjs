// `npm run screenshots`: full-page PNGs of every storefront page of the two demo stores, at
// 390 px (a phone) and 1440 px (a desktop), into docs/screenshots/ with a README listing them.
//
// The pages are the accessibility test's tour (e2e/storefront-tour.ts: products of every kind,
// cart, checkout, blog, events, gallery, search, 404, policies, the Japanese store, and the
// dialogs open). It starts the built server (`npm run build` first) on a fresh data directory,
// as the browser tests do, so the pictures show the demo as a new install has it.
//
// Each picture is the page's top 4000 px at most (dialogs: the window), saved as a palette PNG
// through sharp so the folder stays small enough to keep in the repository (~15 MB).
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const WIDTHS = [390, 1440];
const MAX_HEIGHT = 4000;

if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

const { startServer } = await tsImport('../e2e/server.ts', import.meta.url);
const { launchBrowser } = await tsImport('../e2e/browser.ts', import.meta.url);
const { demoTour, jpTour, settle, writePolicies } = await tsImport(
  '../e2e/storefront-tour.ts',
  import.meta.url,
);

/** Scrolls down the part that will be photographed, so lazy images and islands load. */
async function loadTop(page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize().height;
  for (let y = 0; y < Math.min(height, MAX_HEIGHT); y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page
    .waitForFunction(
      (max) =>
        [...document.images].every(
          (img) => img.complete || img.getBoundingClientRect().top + window.scrollY > max,
        ),
      MAX_HEIGHT,
      { timeout: 20_000 },
    )
    .catch(() => console.warn(`  some images did not load on ${page.url()}`));
  // Loaded is not yet painted: decode each picture in the photographed part first.
  await page.evaluate(async (max) => {
    const shown = [...document.images].filter(
      (img) => img.complete && img.getBoundingClientRect().top + window.scrollY <= max,
    );
    await Promise.all(shown.map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  }, MAX_HEIGHT);
}

const server = await startServer();
const browser = await launchBrowser();
const shots = [];
const warnings = [];
try {
  const setup = await browser.newContext();
  await writePolicies(setup, server.url);
  await setup.close();

  fs.mkdirSync(outDir, { recursive: true });
  for (const f of fs.readdirSync(outDir)) if (f.endsWith('.png')) fs.rmSync(path.join(outDir, f));

  const jp = server.url.replace('//localhost', '//jp.localhost');
  for (const width of WIDTHS) {
    for (const [origin, tour] of [
      [server.url, demoTour],
      [jp, jpTour],
    ]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        baseURL: origin,
      });
      const page = await context.newPage();
      for (const stop of await tour(page, origin)) {
        if (stop.phoneOnly && width >= 800) continue;
        const res = await page.goto(stop.url);
        if (res?.status() !== stop.status)
          warnings.push(`${stop.name}: ${stop.url} answered ${res?.status()}, not ${stop.status}`);
        await settle(page);
        if (!stop.dialog) await loadTop(page);
        await stop.act?.(page);
        await settle(page);
        // A whole-page picture shows the sticky header where the page was scrolled to: from the
        // top it sits where a visitor sees it.
        if (!stop.dialog) await page.evaluate(() => window.scrollTo(0, 0));
        const size = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
        }));
        if (size.width > width)
          warnings.push(`${stop.name} at ${width} px: the page is ${size.width} px wide`);
        const png = stop.dialog
          ? await page.screenshot()
          : await page.screenshot({
              fullPage: true,
              clip: { x: 0, y: 0, width, height: Math.min(size.height, MAX_HEIGHT) },
            });
        const file = `${stop.name}-${width}.png`;
        await sharp(png)
          .png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 })
          .toFile(path.join(outDir, file));
        console.log(`${file}  ${stop.url}`);
        shots.push({ ...stop, width, file });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const names = [...new Set(shots.map((s) => s.name))];
const rows = names.map((name) => {
  const of = shots.filter((s) => s.name === name);
  const cells = WIDTHS.map((w) => {
    const s = of.find((x) => x.width === w);
    return s ? `[${w} px](${s.file})` : '';
  });
  return `| \`${name}\` | ${of[0].title} | \`${of[0].url}\` | ${cells.join(' | ')} |`;
});
const readme = `# Storefront screenshots

Every storefront page of the two demo stores (http://localhost:PORT and the Japanese store at
http://jp.localhost:PORT), at 390 px (a phone) and 1440 px (a desktop) wide, in Chromium. Made by
\`npm run screenshots\` (\`scripts/screenshots.mjs\`, after \`npm run build\`) on a fresh install; the
pages are the accessibility test's tour (\`e2e/storefront-tour.ts\`). Each picture is the page's
top ${MAX_HEIGHT} px at most; a dialog's picture is the window with the dialog open.

| name | what | path | ${WIDTHS.map((w) => `${w} px`).join(' | ')} |
| --- | --- | --- | ${WIDTHS.map(() => '---').join(' | ')} |
${rows.join('\n')}
`;
const readmePath = path.join(outDir, 'README.md');
const options = (await prettier.resolveConfig(readmePath)) ?? {};
fs.writeFileSync(readmePath, await prettier.format(readme, { ...options, filepath: readmePath }));

const bytes = fs
  .readdirSync(outDir)
  .reduce((sum, f) => sum + fs.statSync(path.join(outDir, f)).size, 0);
console.log(`\n${shots.length} screenshots in docs/screenshots/ (${(bytes / 1e6).toFixed(1)} MB)`);
for (const w of warnings) console.warn(`warning: ${w}`);
