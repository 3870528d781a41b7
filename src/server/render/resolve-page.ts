import { PageType } from '../../shared/enums.js';
import type { CollectionRow } from '../content/content-queries.js';
import { buildPolicyContext } from '../content/site-design/policy-context.js';
import { buildCheckoutContext, CHECKOUT_SEGMENT } from '../checkout/checkout-context.js';
import { buildCartContext } from './context/cart-context.js';
import type { ContextDeps, PageRequest } from './context/context-deps.js';
import { buildItemContext } from './context/item-context.js';
import { buildListContext } from './context/list-context.js';
import { buildLockContext } from './context/lock-context.js';
import { buildNotFoundContext } from './context/not-found-context.js';
import { buildFolderIndexContext, buildPageContext } from './context/page-context.js';
import { collectionUrl } from './context/item-json.js';
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
  if (!found) return { status: 404, ctx: await buildNotFoundContext(deps, req) };
  const wrongPassword = found.pageType === PageType.LOCK_SCREEN && Boolean(req.lock?.error);
  return { status: wrongPassword ? 403 : 200, ctx: found };
}

/**
 * The collection a path belongs to when visitors may see it: not a draft (owners previewing see
 * drafts), not the footer or 404 rows, which are drawn inside other pages.
 */
export function routedCollection(
  collections: CollectionRow[],
  segment: string,
  preview: boolean,
): CollectionRow | undefined {
  const c = collections.find((x) => x.url_id === segment);
  if (!c || c.kind === 'footer' || c.kind === 'not-found') return undefined;
  if (c.status === 'draft' && !preview) return undefined;
  return c;
}

/** A protected page (or a protected collection's item) this request has not unlocked. */
export function isLocked(req: PageRequest, collection: CollectionRow): boolean {
  return collection.password_hash !== null && !req.preview && !req.unlocked?.has(collection.id);
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
  if (segs.length === 2 && segs[0] === 'policies') return buildPolicyContext(req, segs[1]!);
  const collection = routedCollection(collections, segs[0] ?? '', req.preview === true);
  if (!collection) return undefined;
  // A protected collection's items are behind the same lock screen as its page.
  if (isLocked(req, collection)) return buildLockContext(req, collection);
  if (segs.length <= 1) {
    if (collection.kind === 'page' || collection.kind === 'splash') {
      return buildPageContext(deps, req, collection);
    }
    if (collection.kind === 'folder') return folderIndex(req, collection, collections);
    return buildListContext(deps, req, collection);
  }
  const isShop = collection.kind === 'products';
  if (isShop && segs.length === 3 && segs[1] === 'p') {
    return buildItemContext(deps, req, collection, segs[2]!);
  }
  if (!isShop && ['blog', 'events', 'gallery'].includes(collection.kind) && segs.length === 2) {
    return buildItemContext(deps, req, collection, segs[1]!);
  }
  return undefined;
}

/** The pages a folder lists at its own URL (behaviour 1, index); none for behaviour 3. */
function folderIndex(
  req: PageRequest,
  folder: CollectionRow,
  collections: CollectionRow[],
): PageContext | undefined {
  if (folder.folder_behavior === 3) return undefined;
  const pages = folderChildren(folder, collections).map((c) => ({
    title: c.title,
    fullUrl: collectionUrl(c.url_id),
  }));
  return buildFolderIndexContext(req, folder, pages);
}

/** A folder's live pages in navigation order. */
export function folderChildren(
  folder: CollectionRow,
  collections: CollectionRow[],
): CollectionRow[] {
  return collections
    .filter((c) => c.parent_id === folder.id && c.status === 'published' && c.kind !== 'folder')
    .sort((a, b) => (a.nav_index ?? 0) - (b.nav_index ?? 0));
}
