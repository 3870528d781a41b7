import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { OutboxRow } from '../mail/mailer.js';
import type { FormPageContext, FormValues } from '../../shared/forms/types.js';

export interface SubmissionToStore {
  /**
   * The hash of the submission key to use up in the same statement: nothing is stored unless it
   * names a live key of this website. Absent when the caller has used the key up already.
   */
  keyHash?: string;
  id: string;
  siteId: string;
  formId: string;
  values: FormValues;
  pageContext: FormPageContext;
  now: number;
  /** A newsletter sign-up: the (normalized) address joins this list. */
  join?: { listId: string; email: string; token: string };
  /** Mail that goes out with the submission (the owner's notifications). */
  mails: OutboxRow[];
  /** Mail that goes out only when `join` added the address (or re-added it): the welcome. */
  welcome?: OutboxRow;
  /** A job queued with the submission (its webhook), as `JobQueue.insertStatement` builds it. */
  job?: (from: RawBuilder<unknown>) => RawBuilder<unknown>;
}

export interface StoreOutcome {
  /** False only when `keyHash` named no live key; then nothing was written but the key's removal. */
  stored: boolean;
  /** True when the address joined the list just now. */
  joined: boolean;
}

/**
 * Stores a submission — the key used up, the submission, the list membership, the outgoing
 * mail — as one statement, so one round trip in one implicit transaction. It was six (DELETE
 * key, BEGIN, three INSERTs, COMMIT), and on PostgreSQL every round trip is a socket write and a
 * wake-up of both processes: the form bench spent a quarter of the server's CPU in `writev`.
 *
 * Data-modifying CTEs all run, each seeing the same snapshot, and may read each other's
 * RETURNING rows: `ok` holds one row when the key was live (or no key was given), and each
 * insert selects from it, so a dead key stores nothing. The welcome mail reads `member`, which
 * returns a row only when the address was inserted or re-subscribed.
 */
export async function storeSubmission(db: Db, s: SubmissionToStore): Promise<StoreOutcome> {
  const ok = s.keyHash
    ? sql`k AS (
        DELETE FROM form_submission_keys
         WHERE key_hash = ${s.keyHash} AND site_id = ${s.siteId}
        RETURNING expires_at
      ),
      ok AS (SELECT 1 AS one FROM k WHERE expires_at > ${s.now})`
    : sql`ok AS (SELECT 1 AS one)`;
  const member = s.join
    ? sql`, member AS (
        INSERT INTO mailing_list_members AS m
               (site_id, list_id, email, unsubscribe_token, created_at, unsubscribed_at)
        SELECT ${s.siteId}, ${s.join.listId}, ${s.join.email}, ${s.join.token}, ${s.now}, NULL
          FROM ok
        ON CONFLICT (site_id, list_id, email) DO UPDATE SET unsubscribed_at = NULL
         WHERE m.unsubscribed_at IS NOT NULL
        RETURNING email
      )`
    : sql``;
  const mail = (rows: OutboxRow[], from: RawBuilder<unknown>) => sql`
    SELECT r.site_id, r.kind, r.to_address, r.subject, r.text_body, r.html_body, r.headers,
           r.status, r.attempts, r.last_error, r.created_at, r.next_attempt_at, r.sent_at
      FROM jsonb_populate_recordset(NULL::outbox, ${outboxJson(rows)}::jsonb) r, ${from}`;
  const welcome = s.welcome && s.join ? sql` UNION ALL ${mail([s.welcome], sql`member`)}` : sql``;
  const { rows } = await sql<{ stored: boolean; joined: boolean }>`
    WITH ${ok},
    sub AS (
      INSERT INTO form_submissions (id, site_id, form_id, data, page_context, created_at)
      SELECT ${s.id}, ${s.siteId}, ${s.formId}, ${JSON.stringify(s.values)}::jsonb,
             ${JSON.stringify(s.pageContext)}::jsonb, ${s.now}
        FROM ok
      RETURNING id
    )${member},
    mail AS (
      INSERT INTO outbox (site_id, kind, to_address, subject, text_body, html_body, headers,
                          status, attempts, last_error, created_at, next_attempt_at, sent_at)
      ${mail(s.mails, sql`ok`)}${welcome}
      RETURNING id
    )${s.job ? sql`, queued AS (${s.job(sql`sub`)})` : sql``}
    SELECT EXISTS (SELECT 1 FROM ok) AS stored,
           ${s.join ? sql`EXISTS (SELECT 1 FROM member)` : sql`false`} AS joined`.execute(db);
  return { stored: rows[0]?.stored === true, joined: rows[0]?.joined === true };
}

/** The rows as JSON records of the outbox table (headers as an object, for the jsonb column). */
function outboxJson(rows: OutboxRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({ ...r, headers: JSON.parse(r.headers) as Record<string, string> })),
  );
}
