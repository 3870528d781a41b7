/** Characters (keys and values) kept before the cache starts over: a few pages' worth of islands. */
const MAX_CHARS = 16_000_000;

/**
 * Server markup of islands by (name, hydration, props JSON). An island's SSR output is a pure
 * function of those — hydration depends on it, since the browser must render the same markup
 * from the same props — so a product form rendered once per content version is not rendered
 * again by React for every page view. Bounded by size, then emptied (not an LRU: contents change
 * with content versions, so old entries are simply left to go).
 */
export class IslandHtmlCache {
  private entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_CHARS) {}

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, html: string): void {
    const size = key.length + html.length;
    if (size > this.maxChars) return;
    if (this.chars + size > this.maxChars) {
      this.entries.clear();
      this.chars = 0;
    }
    this.entries.set(key, html);
    this.chars += size;
  }

  get size(): number {
    return this.entries.size;
  }
}
