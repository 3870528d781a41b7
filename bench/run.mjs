// `npm run bench [section…]`: measures every target as a ratio or figure in one run on this
// machine and records the results in bench/results/ and the summary in bench/README.md.
// Sections: pages startup js lighthouse cart orders forms ingest restock scale catalog builder
// (default: all).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn, startServer } from './lib/server.mjs';
import {
  benchPages,
  benchStartup,
  blogPostPath,
  productPath,
  soldOutProductPath,
} from './lib/pages.mjs';
import { benchJsWeight, cartCookies } from './lib/browser.mjs';
import { benchLighthouse } from './lib/lighthouse.mjs';
import { writeSummary } from './lib/summary.mjs';

const all = [
  'pages',
  'startup',
  'js',
  'editor-js',
  'lighthouse',
  'cart',
  'orders',
  'forms',
  'ingest',
  'restock',
  'scale',
  'catalog',
  'builder',
];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
const log = (m) => process.stdout.write(`  ${m}\n`);
const here = import.meta.dirname;

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  sections: {},
};

// One seeded data directory for every PGlite section: the first start builds the demo.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
process.stdout.write('Seeding the demo into a fresh data directory…\n');
{
  const s = await startServer({ dataDir });
  log(`first start (migrate + seed): ${Math.round(s.wallMs)} ms`);
  await s.stop();
}

async function section(name, fn) {
  if (!wanted.includes(name)) return;
  process.stdout.write(`\n[${name}]\n`);
  const t0 = performance.now();
  try {
    results.sections[name] = await fn();
  } catch (err) {
    results.sections[name] = { error: String(err?.stack ?? err) };
    log(`FAILED: ${err?.message ?? err}`);
  }
  log(`(${Math.round((performance.now() - t0) / 1000)} s)`);
}

async function withServer(fn, env = {}) {
  const s = await startServer({ dataDir, env });
  try {
    return await fn(s);
  } finally {
    await s.stop();
  }
}

await section('pages', () => benchPages(dataDir, log));
await section('startup', () => benchStartup(dataDir));
await section('js', () =>
  withServer(async (s) => {
    // The Japanese demo store (the second seeded website, site language ja-JP) by its name.
    const jp = s.url.replace('127.0.0.1', 'jp.localhost');
    const jpPage = (path) => ({ key: `jp.localhost ${path}`, base: jp, path });
    return benchJsWeight(s.url, [
      '/',
      '/shop',
      await productPath(s.url),
      await soldOutProductPath(s.url),
      '/cart',
      '/checkout',
      { key: '/checkout with a cart', path: '/checkout', cookies: await cartCookies(s.url) },
      '/gallery',
      await blogPostPath(s.url),
      jpPage('/'),
      jpPage('/shop'),
      jpPage(await productPath(jp)),
      jpPage('/cart'),
      jpPage('/checkout'),
      {
        ...jpPage('/checkout'),
        key: 'jp.localhost /checkout with a cart',
        cookies: await cartCookies(jp),
      },
    ]);
  }),
);
await section('editor-js', () =>
  withServer(async (s) => {
    const { cookie } = await signIn(s.url);
    const cookies = Object.fromEntries(cookie.split('; ').map((c) => c.split(/=(.*)/s, 2)));
    return benchJsWeight(s.url, ['/config'], { cookies });
  }),
);
await section('lighthouse', () =>
  withServer(async (s) =>
    benchLighthouse(s.url, ['/', '/shop', await productPath(s.url), '/checkout']),
  ),
);
for (const name of [
  'cart',
  'orders',
  'forms',
  'ingest',
  'restock',
  'scale',
  'catalog',
  'builder',
]) {
  const file = path.join(here, 'lib', `${name}.mjs`);
  if (!fs.existsSync(file)) continue;
  const mod = await import(file);
  await section(name, () => mod.run({ dataDir, log, withServer }));
}

fs.rmSync(dataDir, { recursive: true, force: true });
const stamp = results.date.replace(/[:.]/g, '-');
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', `${stamp}.json`), JSON.stringify(results, null, 2));
// latest.json keeps the newest figure of every section, also when only some sections ran.
const latestFile = path.join(here, 'results', 'latest.json');
const previous = fs.existsSync(latestFile)
  ? JSON.parse(fs.readFileSync(latestFile, 'utf8'))
  : { sections: {} };
const latest = { ...results, sections: { ...previous.sections, ...results.sections } };
fs.writeFileSync(latestFile, JSON.stringify(latest, null, 2));
writeSummary(latest, path.join(here, 'README.md'));
process.stdout.write(`\nRecorded bench/results/${stamp}.json and the summary in bench/README.md\n`);
