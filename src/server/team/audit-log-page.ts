import { sql } from 'kysely';
import type { AuditEntryJson, AuditLogPageJson } from '../../shared/team/audit.js';
import type { Db } from '../db/database.js';

export const AUDIT_PAGE_MAX = 100;

/**
 * The cursor is the last entry's time in microseconds and its id: timestamps keep microseconds,
 * which a JavaScript Date would round away (a page could then skip entries of the same
 * millisecond).
 */
function parseCursor(cursor: string | undefined): { micros: string; id: string } | undefined {
  if (!cursor) return undefined;
  const m = /^(\d{1,20})\.([\w-]{1,100})$/.exec(cursor);
  return m ? { micros: m[1]!, id: m[2]! } : undefined;
}

const micros = sql<string>`(extract(epoch from created_at) * 1000000)::bigint`;

/** One page of a website's audit log, newest first; `before` is the previous page's cursor. */
export async function auditLogPage(
  db: Db,
  siteId: string,
  opts: { before?: string | undefined; limit?: number | undefined },
): Promise<AuditLogPageJson> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), AUDIT_PAGE_MAX);
  const cursor = parseCursor(opts.before);
  let q = db
    .selectFrom('audit_log')
    .select([
      'id',
      'action',
      'target',
      'actor_email',
      'details',
      'created_at',
      sql<string>`${micros}::text`.as('micros'),
    ])
    .where('site_id', '=', siteId);
  if (cursor) q = q.where(sql<boolean>`(${micros}, id) < (${cursor.micros}::bigint, ${cursor.id})`);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r): AuditEntryJson => ({
      id: r.id,
      action: r.action,
      target: r.target,
      actorEmail: r.actor_email,
      details: r.details,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    nextCursor: rows.length > limit && last ? `${last.micros}.${last.id}` : null,
  };
}
