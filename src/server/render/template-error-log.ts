import type { TemplateErrorJson } from './context/types.js';

export interface PageErrorsJson {
  path: string;
  /** Epoch ms of the render. */
  renderedAt: number;
  errors: TemplateErrorJson[];
}

const MAX_PAGES_PER_SITE = 100;
const MAX_SITES = 1000;

/**
 * The last render's template errors per page of each website, in this process (issue 16): the
 * developer-mode editor lists them, so errors that only show with real content (a partial
 * recursing, an expression failing on a value) are seen on every render, not only in the log.
 * A page rendered without errors clears its entry. Bounded: oldest pages and sites out first.
 */
export class TemplateErrorLog {
  private readonly sites = new Map<string, Map<string, PageErrorsJson>>();

  record(siteId: string, path: string, errors: TemplateErrorJson[], now: number): void {
    let pages = this.sites.get(siteId);
    if (!pages) {
      if (!errors.length) return;
      pages = new Map();
      this.sites.set(siteId, pages);
      if (this.sites.size > MAX_SITES) this.sites.delete(this.sites.keys().next().value!);
    }
    pages.delete(path);
    if (errors.length) pages.set(path, { path, renderedAt: now, errors });
    if (pages.size > MAX_PAGES_PER_SITE) pages.delete(pages.keys().next().value!);
  }

  /** Newest first. */
  pagesOf(siteId: string): PageErrorsJson[] {
    return [...(this.sites.get(siteId)?.values() ?? [])].reverse();
  }

  /** A new theme version starts clean: old errors named code that is gone. */
  clear(siteId: string): void {
    this.sites.delete(siteId);
  }
}
