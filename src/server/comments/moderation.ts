import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { itemSummaries } from '../content/item-social.js';
import { COMMENT_STATUSES, type CommentStatus } from '../../shared/comments/rules.js';
import type { OwnerComment, OwnerCommentsResponse } from '../../shared/comments/api.js';
import { recount, type CommentRow } from './comment-service.js';

/** The owner's queue page size. */
export const QUEUE_PAGE_SIZE = 25;

/** The owner's queue: one status, newest first, with the three counts for the tabs. */
export async function listQueue(
  db: Db,
  siteId: string,
  status: CommentStatus,
  page: number,
): Promise<OwnerCommentsResponse> {
  const countRows = await db
    .selectFrom('comments')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('site_id', '=', siteId)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(COMMENT_STATUSES.map((s) => [s, 0])) as Record<
    CommentStatus,
    number
  >;
  for (const r of countRows) counts[r.status] = Number(r.n);
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '=', status)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  const items = await itemSummaries(db, siteId, [...new Set(rows.map((r) => r.item_id))]);
  const emails = [...new Set(rows.map((r) => r.author_email))];
  const bans = emails.length
    ? await db
        .selectFrom('comment_bans')
        .select('email')
        .where('site_id', '=', siteId)
        .where('email', 'in', emails)
        .execute()
    : [];
  const banned = new Set(bans.map((b) => b.email));
  const comments: OwnerComment[] = rows.map((r) => ({
    id: r.id,
    itemId: r.item_id,
    itemTitle: items.get(r.item_id)?.title ?? '',
    itemUrl: items.get(r.item_id)?.url ?? '',
    parentId: r.parent_id,
    authorName: r.author_name,
    authorEmail: r.author_email,
    body: r.body,
    status: r.status,
    created: new Date(r.created).toISOString(),
    banned: banned.has(r.author_email),
  }));
  return {
    comments,
    counts,
    page,
    pages: Math.max(1, Math.ceil(counts[status] / QUEUE_PAGE_SIZE)),
  };
}

async function findComment(db: Db, siteId: string, id: string): Promise<CommentRow> {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

/**
 * Approve or mark as spam. A reply is kept when its parent leaves the page (replies are shown
 * under their parent only, so it simply stops showing until the parent is approved again).
 */
export async function setStatus(
  deps: AppDeps,
  siteId: string,
  id: string,
  status: 'approved' | 'spam',
): Promise<void> {
  const row = await findComment(deps.db, siteId, id);
  if (row.status === status) return;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('comments')
      .set({
        status,
        approved_at: status === 'approved' ? new Date(deps.now()) : row.approved_at,
      })
      .where('id', '=', id)
      .execute();
    await recount(trx, siteId, row.item_id);
  });
  deps.events.emit('content-changed', { siteId });
}

/** Deletes a comment and its replies. */
export async function deleteComment(deps: AppDeps, siteId: string, id: string): Promise<void> {
  const row = await findComment(deps.db, siteId, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('comments').where('id', '=', id).execute();
    await recount(trx, siteId, row.item_id);
  });
  deps.events.emit('content-changed', { siteId });
}

/**
 * Bans an address: its future comments are stored as spam and answered as if pending
 * (docs/comments.md), and its comments still waiting in the queue move to spam now.
 * Approved ones stay until the owner removes them.
 */
export async function banEmail(deps: AppDeps, siteId: string, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('comment_bans')
      .values({ site_id: siteId, email: address })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('comments')
      .set({ status: 'spam' })
      .where('site_id', '=', siteId)
      .where('author_email', '=', address)
      .where('status', '=', 'pending')
      .execute();
  });
}

export async function unbanEmail(db: Db, siteId: string, email: string): Promise<void> {
  await db
    .deleteFrom('comment_bans')
    .where('site_id', '=', siteId)
    .where('email', '=', email.trim().toLowerCase())
    .execute();
}

export async function listBans(
  db: Db,
  siteId: string,
): Promise<{ email: string; created: string }[]> {
  const rows = await db
    .selectFrom('comment_bans')
    .select(['email', 'created'])
    .where('site_id', '=', siteId)
    .orderBy('email')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ email: r.email, created: new Date(r.created).toISOString() }));
}
