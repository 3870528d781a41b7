import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { VersionedKind } from '../../../shared/content/versions-api.js';

/**
 * What the generic versions and lock routes (`editing/routes.ts`) need from each kind of content:
 * pages (`content/pages/`) and items (`content/items/`) register one each at startup, so the
 * routes stay one implementation.
 */
export interface VersionedAdapter {
  /** True when the page or item exists on this website (otherwise the routes answer 404). */
  exists(db: Db, siteId: string, id: string): Promise<boolean>;
  /**
   * Makes version `n`'s document the current one — a page's draft, an item's saved state — with
   * the same checks and role limits as a save, records a 'Restored from version n' version, and
   * returns the new document (`PageDoc` / `ItemDoc`).
   */
  restore(req: FastifyRequest, id: string, doc: unknown, n: number): Promise<unknown>;
}

export const versionedAdapters: Partial<Record<VersionedKind, VersionedAdapter>> = {};
