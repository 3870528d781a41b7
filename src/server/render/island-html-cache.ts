import { VersionedCache } from '../platform/versioned-cache.js';

/** Characters (keys and values) kept: a few pages' worth of islands. */
const MAX_CHARS = 16_000_000;

/**
 * Server markup of islands by (name, hydration, props JSON). An island's SSR output is a pure
 * function of those — hydration depends on it, since the browser must render the same markup
 * from the same props — so a product form rendered once per content version is not rendered
 * again by React for every page view. Bounded by size, oldest out first (contents change with
 * content versions, so old entries are simply left to go); no website invalidates it.
 */
export class IslandHtmlCache {
  readonly store: VersionedCache<string>;

  constructor(maxChars = MAX_CHARS) {
    this.store = new VersionedCache<string>({
      name: 'island-html',
      maxWeight: maxChars,
      weigh: (html, key) => key.length + html.length,
    });
  }

  get(key: string): string | undefined {
    return this.store.get(key);
  }

  set(key: string, html: string): void {
    this.store.set(key, html);
  }

  get size(): number {
    return this.store.size;
  }
}
