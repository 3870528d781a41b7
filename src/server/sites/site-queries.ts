import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SitesTable } from './tables.js';

export type Site = Selectable<SitesTable>;

/** The website of a custom domain: its `domain` column or one of its `site_domains` (issue 16). */
export async function findSiteByDomain(db: Db, domain: string): Promise<Site | undefined> {
  const direct = await db
    .selectFrom('sites')
    .selectAll()
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (direct) return direct;
  return db
    .selectFrom('site_domains')
    .innerJoin('sites', 'sites.id', 'site_domains.site_id')
    .selectAll('sites')
    .where('site_domains.host', '=', domain)
    .executeTakeFirst();
}

export async function findSiteBySlug(db: Db, slug: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findSiteById(db: Db, id: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the website's content changed so cached pages of the old version are never served. */
export async function bumpContentVersion(db: Db, siteId: string): Promise<void> {
  await db
    .updateTable('sites')
    .set((eb) => ({ content_version: eb('content_version', '+', 1) }))
    .where('id', '=', siteId)
    .execute();
}
