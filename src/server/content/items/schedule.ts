import { sql } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../events.js';
import { bumpContentVersion } from '../../sites/site-queries.js';

/** How often the sweep looks for scheduled items that are due: well inside a minute. */
export const SCHEDULE_SWEEP_MS = 20_000;
export const SCHEDULE_QUEUE = 'items-publish-scheduled';

/**
 * Publishes every scheduled item whose time has come (on the queue's clock): one UPDATE, so an
 * item is published once however many processes sweep, and their websites' content versions
 * move so every page cache shows them. Returns how many went live.
 */
export async function publishDueItems(db: Db, events: DomainEvents, now: number): Promise<number> {
  const { sites, count } = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('items')
      .set((eb) => ({
        status: 'published',
        // `publish_on` is set on every row this matches (the where below).
        published_on: sql<Date>`publish_on`,
        version: eb('version', '+', 1),
        updated_on: new Date(now),
      }))
      .where('status', '=', 'scheduled')
      .where('publish_on', '<=', new Date(now))
      .returning(['site_id'])
      .execute();
    const ids = [...new Set(rows.map((r) => r.site_id))];
    for (const siteId of ids) await bumpContentVersion(trx, siteId);
    return { sites: ids, count: rows.length };
  });
  for (const siteId of sites) events.emit('content-changed', { siteId });
  return count;
}

/**
 * The sweep as a recurring job (docs/jobs.md): one row in `jobs`, so it runs once across
 * processes and survives restarts; what is due is in `items` itself.
 */
export function defineScheduleJob(deps: AppDeps): void {
  deps.jobs.define(SCHEDULE_QUEUE, {
    everyMs: SCHEDULE_SWEEP_MS,
    run: async () => {
      await publishDueItems(deps.db, deps.events, deps.now());
    },
  });
}
