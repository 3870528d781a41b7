import type { CollectionRow } from '../content/content-queries.js';
import { buildCheckoutContext, CHECKOUT_SEGMENT } from '../checkout/checkout-context.js';
import { buildCartContext } from './context/cart-context.js';
import type { ContextDeps, PageRequest } from './context/context-deps.js';
import { buildItemContext } from './context/item-context.js';
import { buildListContext } from './context/list-context.js';
import { buildNotFoundContext } from './context/not-found-context.js';
import { buildPageContext } from './context/page-context.js';
import { buildSearchContext } from './context/search-context.js';
import type { PageContext } from './context/types.js';

/** The path's segments, URL-decoded; undefined when the path is not valid percent-encoding. */
export function pathSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/**
 * Chooses the page kind for a path and builds its context (DESIGN 8 URLs): `/`, `/cart`,
 * `/search`, `/{collection}`, `/{collection}/p/{slug}` for products, `/{collection}/{slug}`
 * for posts, events and gallery images; anything else is the 404 page.
 */
export async function resolvePage(
  deps: ContextDeps,
  req: PageRequest,
): Promise<{ status: number; ctx: PageContext }> {
  const segs = pathSegments(req.base.path);
  const found = segs ? await resolveKnown(deps, req, segs, req.base.collections) : undefined;
  return found ? { status: 200, ctx: found } : { status: 404, ctx: buildNotFoundContext(req) };
}

async function resolveKnown(
  deps: ContextDeps,
  req: PageRequest,
  segs: string[],
  collections: CollectionRow[],
): Promise<PageContext | undefined> {
  if (segs.length === 1 && segs[0] === 'cart') return buildCartContext(req);
  if (segs.length === 1 && segs[0] === CHECKOUT_SEGMENT) return buildCheckoutContext(req);
  if (segs.length === 1 && segs[0] === 'search') return buildSearchContext(deps, req);
  const collection = collections.find((c) => c.url_id === (segs[0] ?? ''));
  if (!collection) return undefined;
  if (segs.length <= 1) {
    return collection.kind === 'page'
      ? buildPageContext(deps, req, collection)
      : buildListContext(deps, req, collection);
  }
  const isShop = collection.kind === 'products';
  if (isShop && segs.length === 3 && segs[1] === 'p') {
    return buildItemContext(deps, req, collection, segs[2]!);
  }
  if (!isShop && collection.kind !== 'page' && segs.length === 2) {
    return buildItemContext(deps, req, collection, segs[1]!);
  }
  return undefined;
}
