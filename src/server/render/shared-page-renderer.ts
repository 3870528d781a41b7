import type { AppDeps } from '../deps.js';
import {
  addOnItemIds,
  unlistedItemIds,
  loadMerchandising,
  loadProducts,
  relatedItemIds,
} from '../catalog/catalog-queries.js';
import {
  findAssets,
  findItem,
  findItemsByIds,
  listItems,
  searchItems,
} from '../content/content-queries.js';
import { loadPageAssets } from './assets.js';
import { blockPropsLoaders } from './block-props.js';
import { itemExtrasLoaders, listExtrasLoaders } from './item-extras.js';
import { IslandHtmlCache } from './island-html-cache.js';
import { createIslandRenderer } from './island-renderer.js';
import { renderIsland } from './islands.js';
import { PageCache } from './page-cache.js';
import { PageRenderer } from './page-renderer.js';
import { createCompiler } from './render-page.js';
import { ThemeCache } from './theme.js';
import { SiteThemes } from '../developer/site-themes.js';

/** One renderer per app: the site pages and the order pages share its themes, memo and cache. */
const renderers = new WeakMap<AppDeps, PageRenderer>();

/** The app's page renderer, made on first use (render/routes.ts and orders/routes.ts both ask). */
export function pageRendererFor(deps: AppDeps): PageRenderer {
  let renderer = renderers.get(deps);
  if (!renderer) {
    const islandHtml = new IslandHtmlCache();
    deps.caches.register(islandHtml.store);
    const islands = createIslandRenderer((name, props, opts) =>
      renderIsland(name, props, { ...opts, cache: islandHtml }),
    );
    const compiler = createCompiler(islands);
    const siteThemes = new SiteThemes(deps.db, compiler, deps.caches);
    renderer = new PageRenderer({
      contextDeps: {
        db: deps.db,
        catalog: { loadProducts, loadMerchandising, relatedItemIds, addOnItemIds, unlistedItemIds },
        content: { listItems, findItem, findItemsByIds, findAssets, searchItems },
        blockProps: blockPropsLoaders,
        itemExtras: itemExtrasLoaders,
        listExtras: listExtrasLoaders,
      },
      compiler,
      themes: new ThemeCache(deps.config.themesDir, compiler),
      assets: loadPageAssets(deps.config.publicDir),
      now: deps.now,
      caches: deps.caches,
      pageCache: deps.config.pageCache ? new PageCache() : undefined,
      siteTheme: (site) => siteThemes.get(site),
    });
    renderers.set(deps, renderer);
  }
  return renderer;
}
