import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VersionedCache } from '../platform/versioned-cache.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Responses smaller than this are not worth compressing. */
const MIN_COMPRESS_BYTES = 1024;
/** Default bound of the cache: all variants of all pages together. */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A rendered page and its pre-compressed variants, each with headers built once. */
export interface CachedPage {
  status: number;
  /** Strong validator: a hash of the HTML; each encoding gets its own suffix. */
  etag: string;
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  bytes: number;
}

export function etagOf(html: Buffer): string {
  return `"${crypto.createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
}

/** Builds the entry: hash once, compress once (on the thread pool) with brotli and gzip. */
export async function buildCachedPage(status: number, html: string): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const etag = etagOf(identity);
  let br: Buffer | undefined;
  let gz: Buffer | undefined;
  if (identity.length >= MIN_COMPRESS_BYTES) {
    [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(identity, { level: 9 }),
    ]);
  }
  return {
    status,
    etag,
    identity,
    br,
    gzip: gz,
    bytes: identity.length + (br?.length ?? 0) + (gz?.length ?? 0) + 200,
  };
}

/** 'br' when accepted (and not with q=0), then 'gzip', else identity. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = (name: string) => {
    const m = new RegExp(
      `(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*([\\d.]+))?\\s*(?:,|$)`,
      'i',
    ).exec(acceptEncoding);
    return m !== null && (m[1] === undefined || Number(m[1]) > 0);
  };
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Does `If-None-Match` name this page (any encoding's variant of its ETag, or `*`)? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const base = etag.slice(1, -1);
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const inner = tag.replace(/^"|"$/g, '');
    if (inner === base || inner === `${base}-br` || inner === `${base}-gzip`) return true;
  }
  return false;
}

/**
 * Sends a cached page: 304 when the client has it, otherwise the best pre-compressed variant.
 * Header writes only — this is the hot path of every page view.
 */
export function sendCachedPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
): FastifyReply {
  const enc = chooseEncoding(req.headers['accept-encoding']);
  const body = enc === 'br' ? page.br : enc === 'gzip' ? page.gzip : undefined;
  const etag = body ? `${page.etag.slice(0, -1)}-${enc}"` : page.etag;
  reply
    .header('cache-control', PAGE_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  if (page.status === 200 && etagMatches(req.headers['if-none-match'], page.etag)) {
    return reply.code(304).send();
  }
  reply.code(page.status).header('content-type', 'text/html; charset=utf-8');
  if (body) reply.header('content-encoding', enc as string);
  return reply.send(body ?? page.identity);
}

/**
 * Rendered pages per (site, host, path + normalised query, content version), least recently used
 * first out, bounded in bytes. Concurrent misses of one key render once.
 */
export class PageCache {
  readonly store: VersionedCache<CachedPage>;
  private inflight = new Map<string, Promise<CachedPage>>();

  constructor(readonly maxBytes = DEFAULT_PAGE_CACHE_BYTES) {
    this.store = new VersionedCache<CachedPage>({
      name: 'pages',
      maxWeight: maxBytes,
      weigh: (p) => p.bytes,
      lru: true,
    });
  }

  get size(): number {
    return this.store.size;
  }

  get totalBytes(): number {
    return this.store.totalWeight;
  }

  get(key: string): CachedPage | undefined {
    return this.store.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.store.set(key, page);
  }

  /** Returns the cached page or fills it with `render` (once for concurrent callers). */
  async fill(
    key: string,
    render: () => Promise<{ status: number; html: string }>,
  ): Promise<CachedPage> {
    const hit = this.get(key);
    if (hit) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const { status, html } = await render();
        return buildCachedPage(status, html);
      })();
      this.inflight.set(key, pending);
      try {
        const page = await pending;
        this.set(key, page);
        return page;
      } finally {
        this.inflight.delete(key);
      }
    }
    return pending;
  }

  /** Drops every page whose key starts with the prefix (a website's pages). */
  deletePrefix(prefix: string): void {
    this.store.dropPrefix(prefix);
  }

  clear(): void {
    this.store.clear();
  }
}
