import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { ensureMailingList } from './mailing-lists.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** The list every sign-up without a more specific list joins. */
export const DEFAULT_LIST_ID = 'default';

/**
 * A member's unsubscribe token: HMAC of (site, list, address) with the server secret, so
 * bulk senders compute it without a database round trip per mail, and nobody else can forge it.
 */
export function unsubscribeToken(
  secret: string,
  siteId: string,
  listId: string,
  email: string,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`unsubscribe\n${siteId}\n${listId}\n${normalizeEmail(email)}`)
    .digest('base64url')
    .slice(0, 32);
}

/** `{origin}/unsubscribe?token=…` — the link every mail to a list member carries. */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface JoinResult {
  /** True when the address joined (or re-joined after unsubscribing) just now. */
  joined: boolean;
  token: string;
}

/**
 * Adds an address to a list once (site, list, address are unique). Someone who unsubscribed
 * and signs up again is subscribed again. Pass a transaction to make it part of a submission.
 */
export async function joinMailingList(
  db: DbOrTrx,
  opts: { secret: string; now: number; siteId: string; listId: string; email: string },
): Promise<JoinResult> {
  const email = normalizeEmail(opts.email);
  const token = unsubscribeToken(opts.secret, opts.siteId, opts.listId, email);
  // Lists joined by id alone (restock's, 'default') appear in the owner's lists on first use.
  await ensureMailingList(db, opts.siteId, opts.listId, opts.now);
  const row = await db
    .insertInto('mailing_list_members')
    .values({
      site_id: opts.siteId,
      list_id: opts.listId,
      email,
      unsubscribe_token: token,
      created_at: opts.now,
      unsubscribed_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'list_id', 'email'])
        .doUpdateSet({ unsubscribed_at: null })
        .where('mailing_list_members.unsubscribed_at', 'is not', null),
    )
    .returning('email')
    .executeTakeFirst();
  return { joined: row !== undefined, token };
}

/**
 * Marks the member of this token unsubscribed; returns the member, or undefined if unknown.
 * With `siteId`, only a member of that website (a link works on its own website's host only).
 */
export async function unsubscribeByToken(
  db: DbOrTrx,
  token: string,
  now: number,
  siteId?: string,
): Promise<{ siteId: string; listId: string; email: string } | undefined> {
  let q = db
    .updateTable('mailing_list_members')
    .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)) }))
    .where('unsubscribe_token', '=', token);
  if (siteId !== undefined) q = q.where('site_id', '=', siteId);
  const row = await q.returning(['site_id', 'list_id', 'email']).executeTakeFirst();
  return row && { siteId: row.site_id, listId: row.list_id, email: row.email };
}

/** The member this token names on the website, without changing anything (the confirmation page). */
export async function memberByToken(
  db: DbOrTrx,
  siteId: string,
  token: string,
): Promise<{ email: string; unsubscribed: boolean } | undefined> {
  const row = await db
    .selectFrom('mailing_list_members')
    .select(['email', 'unsubscribed_at'])
    .where('site_id', '=', siteId)
    .where('unsubscribe_token', '=', token)
    .executeTakeFirst();
  return row && { email: row.email, unsubscribed: row.unsubscribed_at !== null };
}

/** Addresses of a list that have not unsubscribed (with their tokens), oldest first. */
export async function activeListMembers(
  db: DbOrTrx,
  siteId: string,
  listId: string,
): Promise<{ email: string; token: string }[]> {
  const rows = await db
    .selectFrom('mailing_list_members')
    .select(['email', 'unsubscribe_token'])
    .where('site_id', '=', siteId)
    .where('list_id', '=', listId)
    .where('unsubscribed_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ email: r.email, token: r.unsubscribe_token }));
}

/** Of these addresses, those that unsubscribed from the list (lower-cased). */
export async function unsubscribedAmong(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('mailing_list_members')
    .select('email')
    .where('site_id', '=', siteId)
    .where('list_id', '=', listId)
    .where('email', 'in', emails.map(normalizeEmail))
    .where('unsubscribed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.email));
}
