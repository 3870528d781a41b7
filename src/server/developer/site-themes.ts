import type { Compiler } from '@squarespace/template-engine';
import type { Db } from '../db/database.js';
import { SiteVersionMemo, type CacheRegistry } from '../platform/versioned-cache.js';
import { compileThemeFiles, type CompiledTheme } from '../render/theme.js';
import type { Site } from '../sites/site-queries.js';
import { findDeveloperTheme, liveFiles } from './theme-store.js';

const MAX_COMPILED = 200;

/**
 * Developer-mode websites render from their live theme version in the database. Which version
 * is live is read once per content version (a save bumps it and announces `content-changed`, so
 * every process sees it within milliseconds); each version is compiled once.
 */
export class SiteThemes {
  private readonly live: SiteVersionMemo<string | undefined>;
  private readonly compiled = new Map<string, Promise<CompiledTheme | undefined>>();

  constructor(
    private readonly db: Db,
    private readonly compiler: Compiler,
    caches?: CacheRegistry,
  ) {
    this.live = new SiteVersionMemo(
      'developer-theme-live',
      async (siteId) => (await findDeveloperTheme(db, siteId))?.live_version_id,
      caches,
    );
  }

  async get(site: Site): Promise<CompiledTheme | undefined> {
    const versionId = await this.live.get(site.id, site.content_version);
    if (!versionId) return undefined;
    let theme = this.compiled.get(versionId);
    if (!theme) {
      theme = this.load(site.id);
      this.compiled.set(versionId, theme);
      if (this.compiled.size > MAX_COMPILED) {
        this.compiled.delete(this.compiled.keys().next().value!);
      }
      // A failed read is not kept: the next render tries again.
      theme.catch(() => this.compiled.delete(versionId));
    }
    return theme;
  }

  private async load(siteId: string): Promise<CompiledTheme | undefined> {
    // A save between the two reads gives the newer files: never older than `versionId`.
    const live = await liveFiles(this.db, siteId);
    return live ? this.compile(siteId, live) : undefined;
  }

  private compile(siteId: string, live: { versionId: string; files: Record<string, string> }) {
    return compileThemeFiles(new Map(Object.entries(live.files)), `site:${siteId}`, this.compiler);
  }
}
