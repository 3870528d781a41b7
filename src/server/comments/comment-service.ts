import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { verifyCaptcha } from '../captcha/verify.js';
import { CaptchaAction } from '../../shared/forms/captcha.js';
import { findLiveItem, setPublicCommentCount } from '../content/item-social.js';
import {
  commentBodyHtml,
  commentsOpen,
  newCommentStatus,
  validateComment,
  CommentLimits,
  type CommentInput,
} from '../../shared/comments/rules.js';
import { commentTexts } from '../../shared/comments/texts.js';
import type {
  CommentListResponse,
  PostCommentResponse,
  PublicComment,
} from '../../shared/comments/api.js';
import type { CommentsTable } from './tables.js';

export type CommentRow = Selectable<CommentsTable>;

export interface NewComment extends CommentInput {
  parentId?: string | undefined;
  captchaToken?: string | undefined;
  /** The honeypot's value: anything in it and the comment is dropped with a quiet success. */
  honeypot?: string | undefined;
  /** Issue 14's customer accounts: the signed-in customer, once they exist (name and email come from the account). */
  siteUserId?: string | undefined;
  remoteIp?: string | undefined;
}

export function requireApproval(site: Pick<Site, 'settings'>): boolean {
  return site.settings.websiteSettings.commentsRequireApproval !== false;
}

export function publicComment(row: CommentRow): PublicComment {
  return {
    id: row.id,
    parentId: row.parent_id,
    authorName: row.author_name,
    bodyHtml: commentBodyHtml(row.body),
    created: new Date(row.created).toISOString(),
  };
}

/**
 * Comments a visitor sees: approved, and a reply only while its parent is approved too (a reply
 * under a comment marked as spam leaves the page with it).
 */
export async function shownCount(db: Db, itemId: string): Promise<number> {
  const { n } = await db
    .selectFrom('comments as c')
    .leftJoin('comments as p', 'p.id', 'c.parent_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.item_id', '=', itemId)
    .where('c.status', '=', 'approved')
    .where((eb) => eb.or([eb('c.parent_id', 'is', null), eb('p.status', '=', 'approved')]))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Counts the item's shown comments onto the item (SPEC 3.7 publicCommentCount) and, when that
 * changed what visitors see, bumps the website's content version, so cached pages and every
 * process show it. Moving a comment between pending and spam, or deleting one nobody saw,
 * changes no count and leaves every cache alone. Runs in the transaction that changed the
 * comments; the caller emits `content-changed` after it commits.
 */
export async function recount(trx: Db, siteId: string, itemId: string): Promise<void> {
  if (await setPublicCommentCount(trx, itemId, await shownCount(trx, itemId))) {
    await bumpContentVersion(trx, siteId);
  }
}

/**
 * A visitor's comment (docs/comments.md): honeypot (quiet success, nothing stored), open for
 * comments (SPEC 4.7), the fields (COMMENT_INVALID with `fields`), the reply target (a shown
 * top-level comment of the same item: one level deep), the bot check, then stored as pending,
 * approved (when the site does not moderate) or spam (a banned address: answered as pending, so
 * the sender learns nothing).
 */
export async function postComment(
  deps: AppDeps,
  site: Site,
  itemId: string,
  input: NewComment,
): Promise<PostCommentResponse> {
  if (input.honeypot) return { status: 'pending' };
  const texts = commentTexts(site.language);
  const item = await findLiveItem(deps.db, site.id, itemId);
  if (!item) throw appError(ErrorCode.NOT_FOUND);
  if (!commentsOpen({ commentState: item.comment_state }, site.settings.websiteSettings))
    throw appError(ErrorCode.COMMENTS_CLOSED, texts.closed);
  const { value, fields } = validateComment(input, texts);
  if (input.parentId) {
    const parent = await deps.db
      .selectFrom('comments')
      .select(['parent_id', 'status'])
      .where('id', '=', input.parentId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    if (!parent || parent.status !== 'approved' || parent.parent_id !== null)
      fields.parentId = texts.replyInvalid;
  }
  if (Object.keys(fields).length)
    throw appError(ErrorCode.COMMENT_INVALID, Object.values(fields)[0], { fields });
  const verdict = await verifyCaptcha(
    deps,
    site,
    input.captchaToken,
    CaptchaAction.COMMENT_SUBMISSION,
    input.remoteIp ? { remoteIp: input.remoteIp } : {},
  );
  if (!verdict.ok)
    throw appError(ErrorCode.CAPTCHA_FAILED, texts.failed, { reason: verdict.reason ?? 'invalid' });

  const banned = await deps.db
    .selectFrom('comment_bans')
    .select('email')
    .where('site_id', '=', site.id)
    .where('email', '=', value.email)
    .executeTakeFirst();
  const status = newCommentStatus({
    banned: Boolean(banned),
    requireApproval: requireApproval(site),
  });
  const now = new Date(deps.now());
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('comments')
      .values({
        id: crypto.randomUUID(),
        site_id: site.id,
        item_id: itemId,
        parent_id: input.parentId ?? null,
        author_name: value.name,
        author_email: value.email,
        site_user_id: input.siteUserId ?? null,
        body: value.body,
        status,
        created: now,
        approved_at: status === 'approved' ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (status === 'approved') await recount(trx, site.id, itemId);
    return inserted;
  });
  if (status !== 'approved') return { status: 'pending' };
  deps.events.emit('content-changed', { siteId: site.id });
  return { status: 'approved', comment: publicComment(row) };
}

/** Approved comments of an item, oldest first, paged by top-level comment (replies follow their parent). */
export async function listApproved(
  db: Db,
  siteId: string,
  itemId: string,
  page: number,
  pageSize: number = CommentLimits.pageSize,
): Promise<CommentListResponse> {
  const base = db
    .selectFrom('comments')
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved');
  const { n } = await base
    .where('parent_id', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const tops = await base
    .where('parent_id', 'is', null)
    .selectAll()
    .orderBy('created')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const replies = tops.length
    ? await base
        .where(
          'parent_id',
          'in',
          tops.map((t) => t.id),
        )
        .selectAll()
        .orderBy('created')
        .orderBy('id')
        .execute()
    : [];
  const total = await shownCount(db, itemId);
  const byParent = new Map<string, CommentRow[]>();
  for (const r of replies) byParent.set(r.parent_id!, [...(byParent.get(r.parent_id!) ?? []), r]);
  const comments = tops.flatMap((t) => [t, ...(byParent.get(t.id) ?? [])]).map(publicComment);
  return {
    comments,
    total,
    page,
    pages: Math.max(1, Math.ceil(Number(n) / pageSize)),
  };
}
