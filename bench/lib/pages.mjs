// Page-serving benchmarks: cached vs uncached product page vs a bare node:http server.
import http from 'node:http';
import { load } from './load.mjs';
import { startServer } from './server.mjs';

/**
 * GET a page's JSON context. A `*.localhost` store (the Japanese demo, jp.localhost) is asked on
 * 127.0.0.1 with its name in Host: Node's resolver knows no such names (Chromium does).
 */
export function getJson(url) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: u.hostname.endsWith('.localhost') ? '127.0.0.1' : u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        headers: { host: u.host, accept: 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
          else resolve(JSON.parse(body));
        });
      },
    );
    req.on('error', reject);
  });
}

/** The demo's product page URL path, found through the shop's JSON context. */
export async function productPath(base) {
  const shop = await getJson(`${base}/shop?format=json`);
  const item =
    (shop.items ?? []).find((i) => i.structuredContent?.variants?.length > 1) ?? shop.items?.[0];
  if (!item) throw new Error('no products in /shop?format=json');
  return item.fullUrl;
}

/**
 * A sold-out product's URL path: its page carries the restock sign-up form instead of the add
 * button, the heaviest product page a visitor gets.
 */
export async function soldOutProductPath(base) {
  const shop = await getJson(`${base}/shop?format=json`);
  const soldOut = (shop.items ?? []).find((i) => {
    const variants = i.structuredContent?.variants ?? [];
    return variants.length > 0 && variants.every((v) => !v.unlimited && v.qtyInStock === 0);
  });
  if (!soldOut) throw new Error('no sold-out product in /shop?format=json');
  return soldOut.fullUrl;
}

/** The demo blog's newest post URL path, found through the blog's JSON context. */
export async function blogPostPath(base) {
  const blog = await getJson(`${base}/blog?format=json`);
  const post = blog.items?.[0];
  if (!post) throw new Error('no posts in /blog?format=json');
  return post.fullUrl;
}

async function bareServer(body, headers) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((r) => server.close(r)),
  };
}

export async function benchPages(dataDir, log) {
  const cached = await startServer({ dataDir });
  let path;
  let bytes;
  let headers;
  let cachedRun;
  try {
    path = await productPath(cached.url);
    const res = await fetch(`${cached.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    bytes = Buffer.from(await res.arrayBuffer());
    headers = {
      'content-type': res.headers.get('content-type') ?? 'text/html',
      etag: res.headers.get('etag') ?? '',
    };
    log(`product page ${path}: ${bytes.length} bytes`);
    await load({ url: `${cached.url}${path}`, duration: 2 }); // warm-up
    cachedRun = await load({ url: `${cached.url}${path}` });
    log(`cached: ${cachedRun.rps} req/s`);
  } finally {
    await cached.stop();
  }

  const bare = await bareServer(bytes, headers);
  let bareRun;
  try {
    await load({ url: `${bare.url}/`, duration: 2 });
    bareRun = await load({ url: `${bare.url}/` });
    log(`bare node:http: ${bareRun.rps} req/s`);
  } finally {
    await bare.stop();
  }

  const uncached = await startServer({ dataDir, env: { PAGE_CACHE: 'false' } });
  let uncachedRun;
  try {
    await load({ url: `${uncached.url}${path}`, duration: 2 });
    uncachedRun = await load({ url: `${uncached.url}${path}` });
    log(`uncached: ${uncachedRun.rps} req/s`);
  } finally {
    await uncached.stop();
  }
  return {
    productPath: path,
    pageBytes: bytes.length,
    cached: cachedRun,
    uncached: uncachedRun,
    bare: bareRun,
    cachedOverBare: +(cachedRun.rps / bareRun.rps).toFixed(3),
    uncachedOverBare: +(uncachedRun.rps / bareRun.rps).toFixed(3),
  };
}

/** Start-to-listening of an already built and seeded server, several times. */
export async function benchStartup(dataDir, runs = 5) {
  const inProcess = [];
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const s = await startServer({ dataDir });
    inProcess.push(s.readyMs);
    wall.push(Math.round(s.wallMs));
    await s.stop();
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return {
    inProcessMs: inProcess,
    wallMs: wall,
    medianInProcessMs: median(inProcess),
    medianWallMs: median(wall),
  };
}
