import type { PageQuery } from './context/context-deps.js';

/** Longest accepted text of a query parameter (tag, category, search). */
const MAX_PARAM = 200;
/** Deepest offset a list page goes to. */
const MAX_OFFSET = 100_000;

export interface ParsedPageUrl {
  /** The path without a trailing slash ('/' stays '/'). */
  path: string;
  query: PageQuery;
  /** `?format=json` asks for the template context. */
  json: boolean;
  /** The parameters pages depend on, sorted: part of the page-cache key. */
  cacheKey: string;
}

/**
 * Reads only the parameters pages use, so tracking parameters (utm_…) and their order never
 * split the page cache.
 */
export function parsePageUrl(url: string): ParsedPageUrl {
  const qi = url.indexOf('?');
  let path = qi === -1 ? url : url.slice(0, qi);
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  const query: PageQuery = { offset: 0 };
  let json = false;
  if (qi === -1) return { path, query, json, cacheKey: path };
  const params = new URLSearchParams(url.slice(qi + 1));
  const offset = Number(params.get('offset'));
  if (Number.isInteger(offset) && offset > 0) query.offset = Math.min(offset, MAX_OFFSET);
  for (const name of ['tag', 'category', 'q'] as const) {
    const v = params.get(name)?.trim().slice(0, MAX_PARAM);
    if (v) query[name] = v;
  }
  json = params.get('format') === 'json';
  const key = new URLSearchParams();
  if (query.category) key.set('category', query.category);
  if (query.offset) key.set('offset', String(query.offset));
  if (query.q) key.set('q', query.q);
  if (query.tag) key.set('tag', query.tag);
  const ks = key.toString();
  return { path, query, json, cacheKey: ks ? `${path}?${ks}` : path };
}
