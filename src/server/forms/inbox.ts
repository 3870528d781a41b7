import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { csvText } from '../platform/csv.js';
import { escapeLike } from '../mail/mailing-lists.js';
import { ErrorCode } from '../../shared/errors.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import { valueToText } from '../../shared/forms/values.js';
import type { SubmissionJson, SubmissionPageJson } from '../../shared/forms/owner-api.js';
import type { FormRow } from './form-queries.js';

export type ReadFilter = 'all' | 'read' | 'unread';

export interface InboxQuery {
  cursor?: string;
  q?: string;
  filter?: ReadFilter;
  limit: number;
}

/** `created_at` and id of the last row seen: the next page starts after it (newest first). */
function decodeCursor(cursor: string): { at: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const i = text.indexOf(':');
  const at = Number(text.slice(0, i));
  if (i < 1 || !Number.isSafeInteger(at)) throw appError(ErrorCode.VALIDATION);
  return { at, id: text.slice(i + 1) };
}

function encodeCursor(at: number, id: string): string {
  return Buffer.from(`${at}:${id}`, 'utf8').toString('base64url');
}

function filtered(db: Db, siteId: string, formId: string, query: Omit<InboxQuery, 'limit'>) {
  let q = db
    .selectFrom('form_submissions')
    .where('site_id', '=', siteId)
    .where('form_id', '=', formId);
  const search = query.q?.trim();
  // Answers are JSON: searching its text finds any answer (names, messages, choices).
  if (search) q = q.where(sql<boolean>`data::text ILIKE ${`%${escapeLike(search)}%`}`);
  if (query.filter === 'unread') q = q.where('read_at', 'is', null);
  if (query.filter === 'read') q = q.where('read_at', 'is not', null);
  return q;
}

function submissionJson(r: {
  id: string;
  form_id: string;
  data: SubmissionJson['data'];
  page_context: SubmissionJson['pageContext'];
  created_at: number;
  read_at: number | null;
}): SubmissionJson {
  return {
    id: r.id,
    formId: r.form_id,
    data: r.data,
    pageContext: r.page_context,
    createdOn: Number(r.created_at),
    read: r.read_at !== null,
  };
}

/** A page of a form's submissions, newest first, with the form's totals. */
export async function submissionsPage(
  db: Db,
  siteId: string,
  formId: string,
  query: InboxQuery,
): Promise<SubmissionPageJson> {
  let q = filtered(db, siteId, formId, query);
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', c.at),
        eb.and([eb('created_at', '=', c.at), eb('id', '<', c.id)]),
      ]),
    );
  }
  const [rows, counts] = await Promise.all([
    q
      .select(['id', 'form_id', 'data', 'page_context', 'created_at', 'read_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute(),
    db
      .selectFrom('form_submissions')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('site_id', '=', siteId)
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(submissionJson),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(Number(last.created_at), last.id) : null,
    total: Number(counts.total),
    unread: Number(counts.unread),
  };
}

/** Marks submissions read (now) or unread; returns how many changed. */
export async function markSubmissions(
  db: Db,
  siteId: string,
  formId: string,
  ids: string[],
  read: boolean,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('form_submissions')
    .set({ read_at: read ? now : null })
    .where('site_id', '=', siteId)
    .where('form_id', '=', formId)
    .where('id', 'in', ids)
    .where('read_at', read ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteSubmissions(
  db: Db,
  siteId: string,
  formId: string,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .deleteFrom('form_submissions')
    .where('site_id', '=', siteId)
    .where('form_id', '=', formId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Every submission of a form (matching the search) as CSV, newest first: a column per field
 * of today's definition, then the page. Empty answers are empty cells; every cell a
 * spreadsheet would run as a formula is defused (`platform/csv.ts`).
 */
export async function submissionsCsv(
  db: Db,
  siteId: string,
  form: FormRow,
  query: Omit<InboxQuery, 'limit' | 'cursor'>,
): Promise<string> {
  const fields = form.fields.map(normalizeField).filter((f) => f.type !== 'section');
  const rows = await filtered(db, siteId, form.id, query)
    .select(['id', 'data', 'page_context', 'created_at', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return csvText([
    ['Submitted', ...fields.map((f) => f.label || f.id), 'Page', 'Read', 'Submission id'],
    ...rows.map((r) => [
      new Date(Number(r.created_at)).toISOString(),
      ...fields.map((f) => valueToText(f, r.data[f.id]).trim()),
      r.page_context.pagePath ?? '',
      r.read_at === null ? 'no' : 'yes',
      r.id,
    ]),
  ]);
}
