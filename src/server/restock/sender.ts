import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { RestockSendJson, RestockSendStatus } from '../../shared/restock/types.js';
import { loadRestockVariant } from './catalog-port.js';
import type { Mailer, MailMessage, SendResult } from '../mail/mailer.js';
import { safeAddress } from '../mail/headers.js';
import { unsubscribedAmong, unsubscribeToken, unsubscribeUrl } from '../mail/unsubscribe.js';
import { buildRestockNotice, RESTOCK_LIST_ID, variantLabelOf } from './notice-mail.js';

/** Rows one claim takes (one statement): keeps round trips few on a 10,000-address send. */
export const CLAIM_BATCH = 200;
/** Mails in flight at once; each group is confirmed in one statement when it settles. */
export const CONFIRM_CHUNK = 50;
/**
 * A claim not confirmed within this time belongs to a worker that died: its rows may be taken
 * again, and a running send without a heartbeat for this long is taken over.
 */
export const CLAIM_TIMEOUT_MS = 10 * 60_000;
/** How often the `restock-takeover` job looks for sends to take over (one process at a time). */
export const TAKEOVER_INTERVAL_MS = 60_000;
export const TAKEOVER_QUEUE = 'restock-takeover';

export interface SenderDeps {
  db: Db;
  now: () => number;
  secret: string;
  mailer: Pick<Mailer, 'send' | 'sendMany'>;
  /** Where failures of background sends are reported. */
  log: { error: (obj: unknown, msg: string) => void };
}

interface ClaimedRow {
  id: string;
  email: string;
  origin: string;
}

interface SendRow {
  id: string;
  site_id: string;
  item_id: string;
  variant_id: string;
  base_url: string | null;
}

/**
 * Runs restock sends. Delivery is claim → mail → confirm:
 *
 * 1. one statement claims up to CLAIM_BATCH pending rows of the variant
 *    (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING …`), so two
 *    workers (processes, or a repeated send) never hold the same row;
 * 2. CONFIRM_CHUNK mails go out at once through the pooled mailer;
 * 3. one statement marks the delivered rows notified and adds them to the send's progress; rows
 *    whose mail failed are released for a later send.
 *
 * A confirmed row is never mailed again. If the process dies between the SMTP server accepting
 * a mail and step 3 committing, that row stays claimed; after CLAIM_TIMEOUT_MS another send may
 * take it and mail it again — at-least-once for at most one chunk per crashed worker, chosen over
 * at-most-once (mark first, then send), which would silently lose notices whenever a mail fails.
 */
export class RestockSender {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private readonly stopListeners: (() => void)[] = [];

  constructor(private readonly deps: SenderDeps) {}

  /**
   * Starts a send for one variant (or returns the running one) and returns its id once the
   * send row is committed; the mails go out in the background. Null: an automatic send found
   * nobody waiting.
   */
  async start(input: {
    siteId: string;
    productId: string;
    variantId: string;
    baseUrl: string | null;
    trigger: 'owner' | 'auto';
  }): Promise<string | null> {
    const now = this.deps.now();
    // One send per variant: two starts at once (two processes, two clicks) would both find no
    // running send and both insert one. A transaction-scoped advisory lock on the variant makes
    // the second wait for the first's commit, then join its send.
    const started = await this.deps.db.transaction().execute(async (db) => {
      const lockKey = `restock-send:${input.siteId}:${input.variantId}`;
      await sql`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(db);
      return this.insertSend(db, input, now);
    });
    if (started?.created) this.launch(started.id);
    return started?.id ?? null;
  }

  /** The variant's running send, or a new one (null: an automatic send with nobody waiting). */
  private async insertSend(
    db: Db,
    input: Parameters<RestockSender['start']>[0],
    now: number,
  ): Promise<{ id: string; created: boolean } | null> {
    const active = await db
      .selectFrom('restock_sends')
      .select('id')
      .where('site_id', '=', input.siteId)
      .where('variant_id', '=', input.variantId)
      .where('status', '=', 'running')
      .where('heartbeat', '>=', new Date(now - CLAIM_TIMEOUT_MS))
      .executeTakeFirst();
    if (active) return { id: active.id, created: false };

    const pending = await db
      .selectFrom('restock_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', input.siteId)
      .where('variant_id', '=', input.variantId)
      .where('notified_at', 'is', null)
      .executeTakeFirstOrThrow();
    // A restock with nobody waiting starts nothing; an owner's send is always recorded.
    if (input.trigger === 'auto' && Number(pending.n) === 0) return null;
    const id = crypto.randomUUID();
    await db
      .insertInto('restock_sends')
      .values({
        id,
        site_id: input.siteId,
        item_id: input.productId,
        variant_id: input.variantId,
        status: 'running',
        total: Number(pending.n),
        sent: 0,
        failed: 0,
        base_url: input.baseUrl,
        trigger: input.trigger,
        started: new Date(now),
        finished: null,
        heartbeat: new Date(now),
        error: null,
      })
      .execute();
    return { id, created: true };
  }

  /** Progress of one of the website's sends. */
  async progress(siteId: string, sendId: string): Promise<RestockSendJson | undefined> {
    const row = await this.deps.db
      .selectFrom('restock_sends')
      .selectAll()
      .where('id', '=', sendId)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      sendId: row.id,
      productId: row.item_id,
      variantId: row.variant_id,
      status: row.status as RestockSendStatus,
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      started: row.started.getTime(),
      finished: row.finished ? row.finished.getTime() : null,
      error: row.error,
    };
  }

  /** Runs `f` when the sender stops (event listeners are removed then). */
  onStop(f: () => void): void {
    this.stopListeners.push(f);
  }

  /** Resolves when every send this process runs has stopped (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Claims stale running sends (one statement, so two processes never both take one) and runs
   * them here. The durable queue's recurring `restock-takeover` job calls it every
   * TAKEOVER_INTERVAL_MS (routes.ts); the sends themselves keep their lease by their heartbeat.
   */
  async takeOver(): Promise<string[]> {
    if (this.stopping) return [];
    const now = this.deps.now();
    const rows = await this.deps.db
      .updateTable('restock_sends')
      .set({ heartbeat: new Date(now) })
      .where('status', '=', 'running')
      .where('heartbeat', '<', new Date(now - CLAIM_TIMEOUT_MS))
      .returning('id')
      .execute();
    for (const r of rows) if (!this.running.has(r.id)) this.launch(r.id);
    return rows.map((r) => r.id);
  }

  /**
   * Stops after the mails in flight: their rows are confirmed, the rest of the claimed batch is
   * released, and the send is left for any process to take over at once.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const f of this.stopListeners.splice(0)) f();
    await this.idle();
  }

  private launch(sendId: string): void {
    const run = this.run(sendId)
      .catch(async (err: unknown) => {
        this.deps.log.error({ err, sendId }, 'restock: send failed');
        await this.finish(sendId, 'failed', errorText(err)).catch(() => undefined);
      })
      .finally(() => this.running.delete(sendId));
    this.running.set(sendId, run);
  }

  private async run(sendId: string): Promise<void> {
    const { db } = this.deps;
    const send = await db
      .selectFrom('restock_sends')
      .select(['id', 'site_id', 'item_id', 'variant_id', 'base_url'])
      .where('id', '=', sendId)
      .executeTakeFirst();
    if (!send) return;
    const site = await db
      .selectFrom('sites')
      .select(['title', 'language'])
      .where('id', '=', send.site_id)
      .executeTakeFirst();
    const variant = await loadRestockVariant(db, send.site_id, {
      productId: send.item_id,
      variantId: send.variant_id,
    });
    if (!site || !variant) {
      await this.finish(sendId, 'failed', 'The product or variant no longer exists.');
      return;
    }
    const notice = {
      siteTitle: site.title,
      language: site.language,
      productName: variant.productName,
      variantLabel: variantLabelOf(variant.attributes, site.language),
      fullUrl: variant.fullUrl,
    };

    for (;;) {
      if (this.stopping) return this.pause(sendId, []);
      const batch = await this.claim(send);
      if (batch.length === 0) break;
      for (let i = 0; i < batch.length; i += CONFIRM_CHUNK) {
        if (this.stopping) return this.pause(sendId, batch.slice(i));
        const chunk = batch.slice(i, i + CONFIRM_CHUNK);
        // Addresses that unsubscribed from restock notices get none; their sign-ups go.
        const optedOut = await unsubscribedAmong(
          db,
          send.site_id,
          RESTOCK_LIST_ID,
          chunk.map((r) => r.email),
        );
        const skipped = chunk.filter((r) => optedOut.has(r.email)).map((r) => r.id);
        const toMail = chunk.filter((r) => !optedOut.has(r.email));
        const results = await this.mailAll(
          toMail.map((row) => {
            const origin = send.base_url ?? row.origin;
            const token = unsubscribeToken(
              this.deps.secret,
              send.site_id,
              RESTOCK_LIST_ID,
              row.email,
            );
            return buildRestockNotice({
              siteId: send.site_id,
              to: row.email,
              siteTitle: notice.siteTitle,
              language: notice.language,
              productName: notice.productName,
              variantLabel: notice.variantLabel,
              productUrl: `${origin}${notice.fullUrl}`,
              unsubscribeUrl: unsubscribeUrl(origin, token),
            });
          }),
        );
        const ok = toMail.filter((_, k) => results[k]!.status !== 'failed').map((r) => r.id);
        const bad = toMail.filter((_, k) => results[k]!.status === 'failed').map((r) => r.id);
        await this.confirm(sendId, ok, bad, skipped);
        if (toMail.length > 0 && ok.length === 0) {
          // Nothing got through: the mail server is down or refusing us. Stop rather than burn
          // through every address; the released rows wait for the next send.
          const first = results.find((r) => r.status === 'failed');
          await this.release(batch.slice(i + CONFIRM_CHUNK));
          await this.finish(sendId, 'failed', first?.error ?? 'mail delivery failed');
          return;
        }
      }
    }
    await this.finish(sendId, 'done', null);
  }

  /**
   * Mails a chunk over the pooled connections (one outbox insert for all). The mailer refuses a
   * whole bulk call when one address is unsafe, so those are failed here first, unsent. A bulk
   * call that throws otherwise (after mailing, e.g. its outbox insert) is not retried here: the
   * rows stay claimed and a later send takes them after the claim timeout (at-least-once).
   */
  private async mailAll(messages: MailMessage[]): Promise<SendResult[]> {
    const results: SendResult[] = messages.map(() => ({ status: 'sent' }));
    const safe: MailMessage[] = [];
    const slots: number[] = [];
    messages.forEach((m, k) => {
      try {
        safeAddress(m.to);
        safe.push(m);
        slots.push(k);
      } catch (err) {
        results[k] = { status: 'failed', error: errorText(err) };
      }
    });
    if (safe.length) {
      const sent = await this.deps.mailer.sendMany(safe);
      sent.forEach((r, j) => (results[slots[j]!] = r));
    }
    return results;
  }

  /** Claims the next rows of the variant for this send and beats the send's heartbeat. */
  private async claim(send: SendRow): Promise<ClaimedRow[]> {
    const now = new Date(this.deps.now());
    const stale = new Date(this.deps.now() - CLAIM_TIMEOUT_MS);
    const res = await sql<ClaimedRow>`
      WITH picked AS (
        SELECT id FROM restock_signups
        WHERE site_id = ${send.site_id} AND variant_id = ${send.variant_id}
          AND notified_at IS NULL
          AND ((claimed_at IS NULL AND claimed_by IS DISTINCT FROM ${send.id})
               OR claimed_at < ${stale})
        ORDER BY created, id
        LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED
      ), beat AS (
        UPDATE restock_sends SET heartbeat = ${now} WHERE id = ${send.id} RETURNING id
      )
      UPDATE restock_signups AS s SET claimed_at = ${now}, claimed_by = ${send.id}
      FROM picked WHERE s.id = picked.id
      RETURNING s.id, s.email, s.origin`.execute(this.deps.db);
    return res.rows;
  }

  /**
   * Marks delivered rows notified, releases failed ones (they stay tagged with this send so it
   * does not retry them in a loop), drops the sign-ups of unsubscribed addresses, and adds it
   * all to the progress — one statement, so progress
   * and rows never disagree.
   */
  private async confirm(
    sendId: string,
    ok: string[],
    bad: string[],
    skipped: string[] = [],
  ): Promise<void> {
    const now = new Date(this.deps.now());
    await sql`
      WITH done AS (
        UPDATE restock_signups SET notified_at = ${now}, claimed_at = NULL
        WHERE id IN (${ids(ok)}) AND notified_at IS NULL AND claimed_by = ${sendId}
        RETURNING id
      ), released AS (
        UPDATE restock_signups SET claimed_at = NULL
        WHERE id IN (${ids(bad)}) AND notified_at IS NULL AND claimed_by = ${sendId}
        RETURNING id
      ), dropped AS (
        DELETE FROM restock_signups
        WHERE id IN (${ids(skipped)}) AND notified_at IS NULL AND claimed_by = ${sendId}
        RETURNING id
      )
      UPDATE restock_sends SET
        sent = sent + (SELECT count(*) FROM done),
        failed = failed + (SELECT count(*) FROM released),
        total = GREATEST(total - (SELECT count(*) FROM dropped),
                         sent + failed + (SELECT count(*) FROM done)
                                       + (SELECT count(*) FROM released)),
        heartbeat = ${now}
      WHERE id = ${sendId}`.execute(this.deps.db);
  }

  /** Gives claimed, unmailed rows back to any send. */
  private async release(rows: ClaimedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.db
      .updateTable('restock_signups')
      .set({ claimed_at: null, claimed_by: null })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('notified_at', 'is', null)
      .execute();
  }

  /** Shutdown: release what is not mailed and let any process take the send over at once. */
  private async pause(sendId: string, unsent: ClaimedRow[]): Promise<void> {
    await this.release(unsent);
    await this.deps.db
      .updateTable('restock_sends')
      .set({ heartbeat: new Date(0) })
      .where('id', '=', sendId)
      .where('status', '=', 'running')
      .execute();
  }

  private async finish(
    sendId: string,
    status: 'done' | 'failed',
    error: string | null,
  ): Promise<void> {
    await this.deps.db
      .updateTable('restock_sends')
      .set({ status, error, finished: new Date(this.deps.now()) })
      .where('id', '=', sendId)
      .where('status', '=', 'running')
      .execute();
  }
}

function ids(list: string[]) {
  return list.length ? sql.join(list) : sql`NULL`;
}

function errorText(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err ?? 'unknown error');
  return m.slice(0, 500);
}
