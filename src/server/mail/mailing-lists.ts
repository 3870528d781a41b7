import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode, Messages, OwnerMessages } from '../../shared/errors.js';
import type {
  MailingListJson,
  SubscriberJson,
  SubscriberPageJson,
} from '../../shared/forms/owner-api.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Names of lists that exist before an owner names them (joined by id alone). */
const BUILT_IN_NAMES: Record<string, string> = {
  default: 'Default list',
  'restock-notices': 'Restock sign-ups',
};

/** Creates the list row of an id in use when it is missing (one statement, no error if there). */
export async function ensureMailingList(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  now: number,
  name = BUILT_IN_NAMES[listId] ?? listId,
): Promise<void> {
  await db
    .insertInto('mailing_lists')
    .values({ site_id: siteId, id: listId, name, created_at: now })
    .onConflict((oc) => oc.columns(['site_id', 'id']).doNothing())
    .execute();
}

/** Every list of the website with its counts and connected newsletter forms, by name. */
export async function listMailingLists(db: DbOrTrx, siteId: string): Promise<MailingListJson[]> {
  const [lists, counts, forms] = await Promise.all([
    db
      .selectFrom('mailing_lists')
      .select(['id', 'name', 'created_at'])
      .where('site_id', '=', siteId)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('mailing_list_members')
      .select((eb) => [
        'list_id',
        eb.fn.countAll<number>().filterWhere('unsubscribed_at', 'is', null).as('active'),
        eb.fn.countAll<number>().filterWhere('unsubscribed_at', 'is not', null).as('gone'),
      ])
      .where('site_id', '=', siteId)
      .groupBy('list_id')
      .execute(),
    db
      .selectFrom('forms')
      .select(['id', 'name', 'mailing_list_id'])
      .where('site_id', '=', siteId)
      .where('mailing_list_id', 'is not', null)
      .orderBy('name')
      .execute(),
  ]);
  const byList = new Map(counts.map((c) => [c.list_id, c]));
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    subscribers: Number(byList.get(l.id)?.active ?? 0),
    unsubscribed: Number(byList.get(l.id)?.gone ?? 0),
    forms: forms.filter((f) => f.mailing_list_id === l.id).map((f) => ({ id: f.id, name: f.name })),
    createdOn: Number(l.created_at),
  }));
}

export async function mailingListExists(
  db: DbOrTrx,
  siteId: string,
  listId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('mailing_lists')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', listId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A blank or taken name is refused with `fieldErrors.name` (names are unique, any case). */
async function checkName(
  db: DbOrTrx,
  siteId: string,
  name: string,
  exceptId?: string,
): Promise<string> {
  const clean = name.trim();
  if (!clean) {
    throw appError(ErrorCode.VALIDATION, Messages.REQUIRED, {
      fieldErrors: { name: Messages.REQUIRED },
    });
  }
  let q = db
    .selectFrom('mailing_lists')
    .select('id')
    .where('site_id', '=', siteId)
    .where(sql<boolean>`lower(name) = lower(${clean})`);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) {
    throw appError(ErrorCode.VALIDATION, OwnerMessages.MAILING_LIST_NAME_TAKEN, {
      fieldErrors: { name: OwnerMessages.MAILING_LIST_NAME_TAKEN },
    });
  }
  return clean;
}

export async function createMailingList(
  db: DbOrTrx,
  siteId: string,
  name: string,
  now: number,
): Promise<string> {
  const clean = await checkName(db, siteId, name);
  const id = `list-${crypto.randomBytes(6).toString('hex')}`;
  await ensureMailingList(db, siteId, id, now, clean);
  return id;
}

export async function renameMailingList(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  name: string,
): Promise<void> {
  const clean = await checkName(db, siteId, name, listId);
  const res = await db
    .updateTable('mailing_lists')
    .set({ name: clean })
    .where('site_id', '=', siteId)
    .where('id', '=', listId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw appError(ErrorCode.NOT_FOUND);
}

/**
 * Deletes a list and its members. A list a newsletter form signs people up to is refused: the
 * form would otherwise lose its list silently ('A List must be selected' is the builder's rule).
 */
export async function deleteMailingList(
  db: Kysely<Database>,
  siteId: string,
  listId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const form = await trx
      .selectFrom('forms')
      .select('name')
      .where('site_id', '=', siteId)
      .where('mailing_list_id', '=', listId)
      .executeTakeFirst();
    if (form) {
      throw appError(
        ErrorCode.VALIDATION,
        OwnerMessages.MAILING_LIST_IN_USE.replace('{formName}', form.name),
      );
    }
    const res = await trx
      .deleteFrom('mailing_lists')
      .where('site_id', '=', siteId)
      .where('id', '=', listId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw appError(ErrorCode.NOT_FOUND);
    await trx
      .deleteFrom('mailing_list_members')
      .where('site_id', '=', siteId)
      .where('list_id', '=', listId)
      .execute();
  });
}

export interface SubscriberQuery {
  q?: string;
  status?: 'active' | 'unsubscribed' | 'all';
  page: number;
  pageSize: number;
}

function subscribersQuery(db: DbOrTrx, siteId: string, listId: string, query: SubscriberQuery) {
  let q = db
    .selectFrom('mailing_list_members')
    .where('site_id', '=', siteId)
    .where('list_id', '=', listId);
  if (query.q?.trim())
    q = q.where('email', 'like', `%${escapeLike(query.q.trim().toLowerCase())}%`);
  if (query.status === 'active') q = q.where('unsubscribed_at', 'is', null);
  if (query.status === 'unsubscribed') q = q.where('unsubscribed_at', 'is not', null);
  return q;
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Subscribers of a list, newest first, searched by address. */
export async function subscribersPage(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  query: SubscriberQuery,
): Promise<SubscriberPageJson> {
  if (!(await mailingListExists(db, siteId, listId))) throw appError(ErrorCode.NOT_FOUND);
  const base = subscribersQuery(db, siteId, listId, query);
  const [rows, count] = await Promise.all([
    base
      .select(['email', 'created_at', 'unsubscribed_at'])
      .orderBy('created_at', 'desc')
      .orderBy('email')
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.slice(0, query.pageSize).map(subscriberJson),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(count.n),
    hasNextPage: rows.length > query.pageSize,
  };
}

/** Every subscriber of a list matching the query, newest first (the CSV export). */
export async function allSubscribers(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  query: Omit<SubscriberQuery, 'page' | 'pageSize'>,
): Promise<SubscriberJson[]> {
  if (!(await mailingListExists(db, siteId, listId))) throw appError(ErrorCode.NOT_FOUND);
  const rows = await subscribersQuery(db, siteId, listId, { ...query, page: 1, pageSize: 1 })
    .select(['email', 'created_at', 'unsubscribed_at'])
    .orderBy('created_at', 'desc')
    .orderBy('email')
    .execute();
  return rows.map(subscriberJson);
}

function subscriberJson(r: {
  email: string;
  created_at: number;
  unsubscribed_at: number | null;
}): SubscriberJson {
  return {
    email: r.email,
    subscribedOn: Number(r.created_at),
    unsubscribedOn: r.unsubscribed_at === null ? null : Number(r.unsubscribed_at),
  };
}

/** Removes an address from a list for good (unlike unsubscribing, which keeps the record). */
export async function removeSubscriber(
  db: DbOrTrx,
  siteId: string,
  listId: string,
  email: string,
): Promise<void> {
  const res = await db
    .deleteFrom('mailing_list_members')
    .where('site_id', '=', siteId)
    .where('list_id', '=', listId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw appError(ErrorCode.NOT_FOUND);
}
