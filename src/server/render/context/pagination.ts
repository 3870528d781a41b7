import type { PaginationJson } from './types.js';

/** Squarespace's pagination node, with links that keep the list's other filters. */
export function paginationJson(
  path: string,
  params: Record<string, string | undefined>,
  offset: number,
  pageSize: number,
  hasMore: boolean,
): PaginationJson {
  const link = (o: number) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
    if (o > 0) qs.set('offset', String(o));
    const s = qs.toString();
    return s ? `${path}?${s}` : path;
  };
  const p: PaginationJson = { pageSize, offset, nextPage: hasMore, prevPage: offset > 0 };
  if (hasMore) {
    p.nextPageOffset = offset + pageSize;
    p.nextPageUrl = link(offset + pageSize);
  }
  if (offset > 0) {
    p.prevPageOffset = Math.max(0, offset - pageSize);
    p.prevPageUrl = link(Math.max(0, offset - pageSize));
  }
  return p;
}
