import type { CatalogReader } from './context/catalog-reader.js';
import type { ContentReader } from './context/content-reader.js';
import type { ContextDeps } from './context/context-deps.js';
import { VersionedCache } from '../platform/versioned-cache.js';

/** Reads kept across all websites; past this the oldest go first. */
const MAX_ENTRIES = 20_000;

type Reader = (...args: never[]) => Promise<unknown>;

/**
 * Content and catalog reads memoized per website content version: the same version always
 * reads the same rows, because every write a page can show bumps `sites.content_version` or
 * announces `content-changed` (which moves the renderer's version key). This is what lets a
 * page render without its page cache cost a template run instead of a dozen queries.
 *
 * Everything in it is shared between renders, so it must never be mutated: the context
 * builders copy rows into new JSON. Outside production the values are frozen, so a test that
 * mutates one fails loudly instead of leaking into the next page.
 */
export class ReadMemo {
  readonly store = new VersionedCache<Promise<unknown>>({
    name: 'read-memo',
    maxEntries: MAX_ENTRIES,
  });

  constructor(private readonly freeze = process.env.NODE_ENV !== 'production') {}

  /** `deps` with its readers answering from memory for this version key. */
  depsFor(versionKey: string, deps: ContextDeps): ContextDeps {
    const c = deps.catalog;
    const t = deps.content;
    const catalog: CatalogReader = {
      loadProducts: this.wrap(versionKey, 'loadProducts', c.loadProducts),
      loadMerchandising: this.wrap(versionKey, 'loadMerchandising', c.loadMerchandising),
      relatedItemIds: this.wrap(versionKey, 'relatedItemIds', c.relatedItemIds),
      addOnItemIds: this.wrap(versionKey, 'addOnItemIds', c.addOnItemIds),
      unlistedItemIds: this.wrap(versionKey, 'unlistedItemIds', c.unlistedItemIds),
    };
    const content: ContentReader = {
      listItems: this.wrap(versionKey, 'listItems', t.listItems),
      findItem: this.wrap(versionKey, 'findItem', t.findItem),
      findItemsByIds: this.wrap(versionKey, 'findItemsByIds', t.findItemsByIds),
      findAssets: this.wrap(versionKey, 'findAssets', t.findAssets),
      // Visitors type anything into search: a memo would fill with one-off queries.
      searchItems: t.searchItems,
    };
    return { ...deps, catalog, content };
  }

  /** Forgets a website's reads (its version key starts with `{siteId}|`). */
  dropSite(siteId: string): void {
    this.store.dropSite(siteId);
  }

  get size(): number {
    return this.store.size;
  }

  private wrap<F extends Reader>(versionKey: string, name: string, read: F): F {
    return ((...args: Parameters<F>) => {
      // args[0] is the database handle: the same for every call of one renderer.
      const key = `${versionKey}|${name}|${argsKey(args.slice(1))}`;
      // A failed read is not remembered: the next render tries again.
      return this.store.memo(key, () =>
        read(...args).then((v) => (this.freeze ? deepFreeze(v) : v)),
      );
    }) as F;
  }
}

/** A stable key for reader arguments: websites by id, iterables (id sets) as arrays. */
function argsKey(args: unknown[]): string {
  return JSON.stringify(args, (_k, v: unknown) => {
    if (v && typeof v === 'object') {
      if ('content_version' in v && 'id' in v) return { site: v.id };
      if (!Array.isArray(v) && Symbol.iterator in v) return [...(v as Iterable<unknown>)];
    }
    return v;
  });
}

function deepFreeze<T>(v: T): T {
  if (!v || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (v instanceof Map) {
    for (const x of v.values()) deepFreeze(x);
    return v;
  }
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
  return v;
}
