import type { RedirectJson } from '../../../shared/content/page-api.js';
import type { Db } from '../../db/database.js';

/**
 * Site redirects (issue 13): a published page whose slug changes leaves its old path leading to
 * the new one (301, served by the page routes). Chains are collapsed as they form, so a visitor
 * is never sent through more than one hop, and a path a page takes again stops redirecting.
 */
export async function movePathRedirects(
  trx: Db,
  siteId: string,
  oldPath: string,
  newPath: string,
  wasLive: boolean,
): Promise<void> {
  await trx
    .deleteFrom('redirects')
    .where('site_id', '=', siteId)
    .where('from_path', '=', newPath)
    .execute();
  await trx
    .updateTable('redirects')
    .set({ to_path: newPath })
    .where('site_id', '=', siteId)
    .where('to_path', '=', oldPath)
    .execute();
  if (!wasLive) return;
  await trx
    .insertInto('redirects')
    .values({ site_id: siteId, from_path: oldPath, to_path: newPath })
    .onConflict((oc) => oc.columns(['site_id', 'from_path']).doUpdateSet({ to_path: newPath }))
    .execute();
}

export async function listRedirects(db: Db, siteId: string): Promise<RedirectJson[]> {
  const rows = await db
    .selectFrom('redirects')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_on', 'desc')
    .orderBy('from_path')
    .execute();
  return rows.map((r) => ({
    from: r.from_path,
    to: r.to_path,
    createdOn: new Date(r.created_on).toISOString(),
  }));
}

/** Deletes one redirect; true when there was one. */
export async function deleteRedirect(db: Db, siteId: string, from: string): Promise<boolean> {
  const res = await db
    .deleteFrom('redirects')
    .where('site_id', '=', siteId)
    .where('from_path', '=', from)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every redirect of a website, by old path (the renderer memoizes it per content version). */
export async function redirectMap(db: Db, siteId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('redirects')
    .select(['from_path', 'to_path'])
    .where('site_id', '=', siteId)
    .execute();
  return new Map(rows.map((r) => [r.from_path, r.to_path]));
}
