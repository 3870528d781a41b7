/** Test fixtures of the comments domain: a website with a blog and posts, owners, ALTCHA tokens. */
import type { DatabaseHandle } from '../db/database.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import type { SiteSettings } from '../sites/tables.js';

export { altchaToken, freshIp, signedIn } from '../restock/test-fixtures.js';

/** A website with a blog: `open` (state 1), `closed` (state 0) and `old` (state 2) posts. */
export async function addBlogSite(h: DatabaseHandle, siteId: string, slug: string): Promise<void> {
  await insertTestSite(h.db, { id: siteId, slug });
  await h.db
    .insertInto('collections')
    .values({
      id: `${siteId}-blog`,
      site_id: siteId,
      url_id: 'blog',
      title: 'Blog',
      type: 1,
      kind: 'blog',
      folder_behavior: null,
      nav_index: 1,
      settings: '{}' as never,
    })
    .execute();
  for (const [name, state] of [
    ['open', 1],
    ['closed', 0],
    ['old', 2],
  ] as const) {
    await h.db
      .insertInto('items')
      .values({
        id: `${siteId}-${name}`,
        site_id: siteId,
        collection_id: `${siteId}-blog`,
        url_id: `${name}-post`,
        title: `The ${name} post`,
        record_type: 1,
        comment_state: state,
      } as never)
      .execute();
  }
}

export async function addOwner(
  h: DatabaseHandle,
  email: string,
  siteId: string,
  role: number = Role.ADMIN,
): Promise<void> {
  const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
  await grantRole(h.db, siteId, id, role);
}

/** Changes the website's settings (e.g. comments off, no moderation). */
export async function setWebsiteSettings(
  h: DatabaseHandle,
  siteId: string,
  change: Partial<SiteSettings['websiteSettings']>,
): Promise<void> {
  const row = await h.db
    .selectFrom('sites')
    .select('settings')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const settings = {
    ...row.settings,
    websiteSettings: { ...row.settings.websiteSettings, ...change },
  };
  await h.db
    .updateTable('sites')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', siteId)
    .execute();
}
