import type { Compiler } from '@squarespace/template-engine';
import type { Db } from '../db/database.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import type { Site } from '../sites/site-queries.js';
import { listCollections, type CollectionRow } from '../content/content-queries.js';
import type { PageAssets } from './assets.js';
import { cldrFor } from './cldr.js';
import type { ContextDeps, PageRequest } from './context/context-deps.js';
import type { PageContext, TemplateErrorJson } from './context/types.js';
import type { ParsedPageUrl } from './page-query.js';
import { PageCache } from './page-cache.js';
import { ReadMemo } from './read-memo.js';
import { renderPage, renderPartial } from './render-page.js';
import { siteContextOf, siteContextScript } from './site-context-script.js';
import { folderChildren, pathSegments, resolvePage, routedCollection } from './resolve-page.js';
import { redirectMap } from '../content/pages/redirects.js';
import { collectionUrl } from './context/item-json.js';
import { attachFooter } from './context/footer-context.js';
import type { CompiledTheme, ThemeCache } from './theme.js';
import { TemplateErrorLog } from './template-error-log.js';

export interface RenderResult {
  status: number;
  html: string;
  ctx: PageContext;
  errors: TemplateErrorJson[];
}

/**
 * Builds and renders pages, and keeps what depends only on a website's content version in
 * memory: its collections (navigation and page lookup), the content and catalog rows its pages
 * read (`ReadMemo`) and, when enabled, its rendered pages.
 */
export class PageRenderer {
  /**
   * Per website: bumped at each invalidation, so a request holding a site row read before it
   * cannot fill the caches again under the old version; `epoch` moves when all are dropped.
   */
  private generations = new Map<string, number>();
  private epoch = 0;
  private collections = new VersionedCache<Promise<CollectionRow[]>>({
    name: 'collections',
    maxEntries: 1000,
  });
  private redirects = new VersionedCache<Promise<Map<string, string>>>({
    name: 'redirects',
    maxEntries: 1000,
  });
  private readonly reads = new ReadMemo();
  /** The last render's template errors per page (developer mode shows them). */
  readonly errorLog = new TemplateErrorLog();
  readonly cache: PageCache | undefined;

  constructor(
    private readonly opts: {
      contextDeps: ContextDeps;
      compiler: Compiler;
      themes: ThemeCache;
      assets: PageAssets;
      now: () => number;
      /** Where `content-changed` (this process's and the others') invalidates a website. */
      caches?: CacheRegistry;
      pageCache: PageCache | undefined;
      /**
       * A developer-mode website's own theme (its live version in the database); undefined
       * renders the theme folder the site names.
       */
      siteTheme?: (site: Site) => Promise<CompiledTheme | undefined>;
    },
  ) {
    this.cache = opts.pageCache;
    const caches = opts.caches;
    if (caches) {
      caches.register(this.collections);
      caches.register(this.redirects);
      caches.register(this.reads.store);
      if (this.cache) caches.register(this.cache.store);
      caches.onDrop((siteId) => {
        if (siteId === undefined) this.epoch++;
        else this.generations.set(siteId, (this.generations.get(siteId) ?? 0) + 1);
      });
    }
  }

  get db(): Db {
    return this.opts.contextDeps.db;
  }

  /** Everything a website's pages depend on besides the URL: content version and generation. */
  versionKey(site: Site): string {
    return `${site.id}|${site.content_version}.${this.generations.get(site.id) ?? 0}.${this.epoch}`;
  }

  /** The theme a website renders with: its own copy in developer mode, else its theme folder. */
  async themeOf(site: Site): Promise<CompiledTheme> {
    const own = site.developer_mode ? await this.opts.siteTheme?.(site) : undefined;
    return own ?? this.opts.themes.get(site.theme);
  }

  /** The shared theme folders (developer mode copies and resets from them). */
  get themes(): ThemeCache {
    return this.opts.themes;
  }

  get compiler(): Compiler {
    return this.opts.compiler;
  }

  collectionsOf(site: Site): Promise<CollectionRow[]> {
    return this.collections.memo(this.versionKey(site), () => listCollections(this.db, site.id));
  }

  /**
   * Where a path leads instead of rendering (issue 13): a redirect left by a page's slug change
   * (301), or a folder set to 'redirect to first page' (302, as its first page may change).
   * From memory per content version, so the hot path pays one map lookup.
   */
  async redirectFor(
    site: Site,
    path: string,
  ): Promise<{ status: 301 | 302; location: string } | undefined> {
    const map = await this.redirects.memo(this.versionKey(site), () =>
      redirectMap(this.db, site.id),
    );
    const to = map.get(path) ?? (path.length > 1 ? map.get(path.replace(/\/+$/, '')) : undefined);
    if (to) return { status: 301, location: to };
    const segs = pathSegments(path);
    if (segs?.length !== 1) return undefined;
    const collections = await this.collectionsOf(site);
    const folder = routedCollection(collections, segs[0]!, false);
    if (folder?.kind !== 'folder' || (folder.folder_behavior ?? 2) !== 2) return undefined;
    const first = folderChildren(folder, collections)[0];
    return first ? { status: 302, location: collectionUrl(first.url_id) } : undefined;
  }

  /** The protected collection a path shows (its page or its items), if any. */
  async protectedFor(site: Site, path: string): Promise<CollectionRow | undefined> {
    const segs = pathSegments(path);
    if (!segs) return undefined;
    const collections = await this.collectionsOf(site);
    const c = collections.find((x) => x.url_id === (segs[0] ?? ''));
    return c?.password_hash ? c : undefined;
  }

  /** Issue 14: the members-only collection a path shows (its page or its items), if any. */
  async membersOnlyFor(site: Site, path: string): Promise<CollectionRow | undefined> {
    const segs = pathSegments(path);
    if (!segs) return undefined;
    const collections = await this.collectionsOf(site);
    const c = collections.find((x) => x.url_id === (segs[0] ?? ''));
    return c?.members_only ? c : undefined;
  }

  /** Issue 14: whether the website has a members-only page (search then differs for members). */
  async hasMembersOnly(site: Site): Promise<boolean> {
    return (await this.collectionsOf(site)).some((c) => c.members_only);
  }

  /**
   * `preview`: an owner's view, where draft products' and pages render (never put in the cache).
   * `unlocked` and `lock`: password-protected pages (per visitor, never cached either).
   * `previewItemId`: the item a preview link opens, whatever its status (never cached either).
   */
  async render(
    site: Site,
    url: ParsedPageUrl,
    baseUrl: string,
    opts: Pick<PageRequest, 'preview' | 'unlocked' | 'lock' | 'previewItemId' | 'member'> & {
      /** Render with this theme instead (developer mode's preview of an unsaved change). */
      theme?: CompiledTheme;
    } = {},
  ): Promise<RenderResult> {
    const { theme, ...pageOpts } = opts;
    return this.renderWith(
      site,
      url,
      baseUrl,
      (deps, req) => resolvePage(deps, { ...req, ...pageOpts }),
      theme,
    );
  }

  /**
   * One theme partial rendered alone (the builder's one-section preview): `build` makes its JSON,
   * which also carries the page-wide nodes the partial reads (strings, website, previewMode).
   */
  async renderPartial(
    site: Site,
    url: Pick<ParsedPageUrl, 'path' | 'query'>,
    baseUrl: string,
    partial: string,
    build: (deps: ContextDeps, req: PageRequest) => Promise<object>,
  ): Promise<{ html: string; errors: TemplateErrorJson[] }> {
    const collections = await this.collectionsOf(site);
    const deps = this.reads.depsFor(this.versionKey(site), this.opts.contextDeps);
    const json = await build(deps, {
      base: { site, collections, path: url.path, baseUrl },
      query: url.query,
      now: this.opts.now(),
    });
    const theme = await this.themeOf(site);
    return renderPartial(this.opts.compiler, theme, partial, json, {
      cldr: cldrFor(site.language),
      now: this.opts.now(),
    });
  }

  /**
   * Renders a page whose context another domain builds (the order pages): same theme, layout,
   * navigation and cart indicator as any page. The caller decides caching (none for these).
   */
  async renderWith(
    site: Site,
    url: Pick<ParsedPageUrl, 'path' | 'query'>,
    baseUrl: string,
    build: (
      deps: ContextDeps,
      req: PageRequest,
    ) => Promise<{ status: number; ctx: PageContext }> | { status: number; ctx: PageContext },
    themeOverride?: CompiledTheme,
  ): Promise<RenderResult> {
    const collections = await this.collectionsOf(site);
    const deps = this.reads.depsFor(this.versionKey(site), this.opts.contextDeps);
    const req: PageRequest = {
      base: { site, collections, path: url.path, baseUrl },
      query: url.query,
      now: this.opts.now(),
    };
    const { status, ctx } = await build(deps, req);
    await attachFooter(deps, req, ctx);
    const theme = themeOverride ?? (await this.themeOf(site));
    const { html, errors } = renderPage(this.opts.compiler, theme, ctx, {
      cldr: cldrFor(site.language),
      now: this.opts.now(),
      assets: this.opts.assets,
      siteContextHtml: siteContextScript(siteContextOf(site, ctx)),
    });
    // Only developer mode reads the log (its Page errors tab): other sites' renders keep nothing.
    if (!themeOverride && site.developer_mode)
      this.errorLog.record(site.id, url.path, errors, this.opts.now());
    return { status, html, ctx, errors };
  }
}
