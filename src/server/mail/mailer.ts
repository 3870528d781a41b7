import { wholeDocument } from './mail-document.js';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { escapeHtml } from '../../shared/html.js';
import { headerSafe, safeAddress, safeDisplayName, safeHeaders } from './headers.js';
import { mailTexts } from './mail-texts.js';
import type { OutboxStatus, OutboxTable } from './tables.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** One mail. Bodies are the caller's: HTML must already escape every visitor value. */
export interface MailMessage {
  siteId: string;
  to: string;
  subject: string;
  /** Plain-text alternative (always sent). */
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** What sent it ('form-owner', 'newsletter-welcome', 'restock', …), shown in the outbox. */
  kind: string;
  /** Shown as the sender's name (the website's title); the address is the mailer's. */
  fromName?: string;
  /** A single address replies go to (e.g. the visitor who filled in a form). */
  replyTo?: string;
  /**
   * Set for mail to a mailing-list member: the mailer adds the unsubscribe link to both bodies
   * and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058 one-click).
   */
  unsubscribeUrl?: string;
  /**
   * The website's language ('ja-JP') for mail to shoppers: the unsubscribe footer is written in
   * it (English when it has no texts) and it is sent as Content-Language. Owner mail omits it.
   */
  language?: string;
}

/** An outbox row ready to insert (headers as JSON text). */
export type OutboxRow = Insertable<OutboxTable> & { headers: string };

export interface SendResult {
  status: OutboxStatus;
  error?: string;
}

export interface Mailer {
  /** True when SMTP_URL is set; otherwise mail is only kept in the outbox ('held'). */
  readonly hasTransport: boolean;
  /** Delivers now (SMTP) and records the outcome in the outbox: one insert, no other queries. */
  send(message: MailMessage): Promise<SendResult>;
  /** Bulk `send`: concurrent over the pooled connections, outbox rows inserted in batches. */
  sendMany(messages: MailMessage[]): Promise<SendResult[]>;
  /**
   * Records mail for the background sender inside the caller's transaction, so it goes out
   * only if (and always when) the transaction commits. Call `kick()` after the commit.
   */
  enqueue(db: DbOrTrx, messages: MailMessage[]): Promise<void>;
  /**
   * The rows `enqueue` would insert, checked and finished the same way, for a caller that
   * inserts them in a statement of its own (a form submission stores everything in one).
   * Throws when a message is unsafe, like `enqueue`. Call `kick()` after the commit.
   */
  outboxRows(messages: MailMessage[]): OutboxRow[];
  /** Wakes the background sender (after a commit that enqueued mail). */
  kick(): void;
  /** Delivers every due queued row now; resolves when none is left (tests, shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  smtpUrl?: string | undefined;
  now?: () => number;
  /** Sender address (config MAIL_FROM); no-reply@localhost when not given. */
  from?: string;
  /**
   * How often the background sender looks for due rows (rows left by a crash, retries); 0: never
   * (the app runs that look-up as a recurring job of the durable queue, once across processes).
   */
  pollMs?: number;
  maxAttempts?: number;
  log?: { warn: (obj: unknown, msg?: string) => void };
}

/** Smallest retry delay; doubles per attempt. */
const RETRY_BASE_MS = 30_000;
/** A claimed row not finished by then is claimed again (the process died mid-send). */
const LEASE_MS = 5 * 60_000;
const BATCH = 200;
const INSERT_CHUNK = 500;

/**
 * SMTP transport from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`); query options
 * `ignoreTLS`, `requireTLS`, `rejectUnauthorized=false`, `maxConnections`. Pooled connections
 * (5 by default) carry bulk sends; connections are kept open between mails.
 */
export function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  const q = url.searchParams;
  const secure = url.protocol === 'smtps:';
  const flag = (name: string) => q.get(name) === 'true' || q.get(name) === '1';
  return nodemailer.createTransport({
    pool: true,
    maxConnections: Number(q.get('maxConnections') ?? 5),
    maxMessages: Infinity,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ignoreTLS: flag('ignoreTLS'),
    requireTLS: flag('requireTLS'),
    ...(q.get('rejectUnauthorized') === 'false' ? { tls: { rejectUnauthorized: false } } : {}),
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
  });
}

export function createMailer(opts: MailerOptions): Mailer {
  const now = opts.now ?? Date.now;
  const from = opts.from ?? 'no-reply@localhost';
  const maxAttempts = opts.maxAttempts ?? 5;
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl) : undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const timer =
    transport && opts.pollMs !== 0
      ? setInterval(() => mailer.kick(), opts.pollMs ?? 15_000).unref()
      : undefined;

  /** Checks and finishes a message: safe headers, unsubscribe footer. Throws when unsafe. */
  function prepare(m: MailMessage): OutboxRow {
    const headers = safeHeaders(m.headers);
    let text = m.text;
    const texts = mailTexts(m.language);
    let html = wholeDocument(m.html, m.language ?? texts.lang, m.subject);
    if (m.language !== undefined) headers['Content-Language'] = texts.lang;
    if (m.unsubscribeUrl) {
      const link = headerSafe(m.unsubscribeUrl);
      headers['List-Unsubscribe'] = `<${link}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      text += `\n\n--\n${texts.unsubscribe.textLine(link)}\n`;
      html = withFooter(
        html,
        `<hr><p style="font-size:12px;color:#666"><a href="${escapeHtml(link)}">${texts.unsubscribe.linkLabel}</a></p>`,
      );
    }
    if (m.replyTo) headers['Reply-To'] = safeAddress(m.replyTo);
    if (m.fromName) headers['X-From-Name'] = safeDisplayName(m.fromName);
    const t = now();
    return {
      site_id: m.siteId,
      kind: headerSafe(m.kind).slice(0, 64),
      to_address: safeAddress(m.to),
      subject: headerSafe(m.subject).slice(0, 998),
      text_body: text,
      html_body: html,
      headers: JSON.stringify(headers),
      status: transport ? 'queued' : 'held',
      attempts: 0,
      last_error: null,
      created_at: t,
      next_attempt_at: t,
      sent_at: null,
    };
  }

  async function deliver(row: {
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string>;
  }): Promise<void> {
    const { 'X-From-Name': fromName, ...headers } = row.headers;
    await transport!.sendMail({
      from: fromName ? { name: fromName, address: from } : from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  async function insertRows(db: DbOrTrx, rows: Insertable<OutboxTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db
        .insertInto('outbox')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  }

  async function sendPrepared(row: OutboxRow): Promise<SendResult> {
    if (!transport) return { status: 'held' };
    try {
      await deliver({ ...row, headers: JSON.parse(row.headers) as Record<string, string> });
      row.status = 'sent';
      row.sent_at = now();
      row.attempts = 1;
      return { status: 'sent' };
    } catch (err) {
      row.status = 'failed';
      row.attempts = 1;
      row.last_error = String((err as Error).message ?? err).slice(0, 500);
      return { status: 'failed', error: row.last_error };
    }
  }

  /** Claims due rows (skipping rows another process holds), sends them, records outcomes. */
  async function deliverDue(): Promise<number> {
    const t = now();
    const claimed = await opts.db
      .updateTable('outbox')
      .set({ status: 'sending', next_attempt_at: t + LEASE_MS })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('status', 'in', ['queued', 'sending'])
          .where('next_attempt_at', '<=', t)
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    if (claimed.length === 0) return 0;
    const outcomes = await Promise.all(
      claimed.map(async (row: Selectable<OutboxTable>) => {
        try {
          await deliver(row);
          return { row, error: undefined };
        } catch (err) {
          return { row, error: String((err as Error).message ?? err).slice(0, 500) };
        }
      }),
    );
    const sentIds = outcomes.filter((o) => o.error === undefined).map((o) => o.row.id);
    if (sentIds.length) {
      await opts.db
        .updateTable('outbox')
        .set((eb) => ({ status: 'sent', sent_at: now(), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', sentIds)
        .execute();
    }
    for (const { row, error } of outcomes) {
      if (error === undefined) continue;
      const attempts = row.attempts + 1;
      const giveUp = attempts >= maxAttempts;
      opts.log?.warn({ outboxId: row.id, attempts, error }, 'mail delivery failed');
      await opts.db
        .updateTable('outbox')
        .set({
          status: giveUp ? 'failed' : 'queued',
          attempts,
          last_error: error,
          next_attempt_at: now() + RETRY_BASE_MS * 2 ** (attempts - 1),
        })
        .where('id', '=', row.id)
        .execute();
    }
    return claimed.length;
  }

  async function runLoop(): Promise<void> {
    do {
      again = false;
      try {
        while (!closed && (await deliverDue()) > 0) {
          /* keep going while rows are due */
        }
      } catch (err) {
        opts.log?.warn({ err }, 'outbox sender failed');
      }
    } while (again && !closed);
  }

  const mailer: Mailer = {
    hasTransport: transport !== undefined,
    async send(message) {
      const row = prepare(message);
      const result = await sendPrepared(row);
      await insertRows(opts.db, [row]);
      return result;
    },
    async sendMany(messages) {
      const results: SendResult[] = [];
      for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
        const rows = messages.slice(i, i + INSERT_CHUNK).map(prepare);
        results.push(...(await Promise.all(rows.map(sendPrepared))));
        await insertRows(opts.db, rows);
      }
      return results;
    },
    async enqueue(db, messages) {
      if (messages.length) await insertRows(db, messages.map(prepare));
    },
    outboxRows(messages) {
      return messages.map(prepare);
    },
    kick() {
      if (!transport || closed) return;
      if (running) {
        again = true;
        return;
      }
      running = runLoop().finally(() => {
        running = undefined;
      });
    },
    async drain() {
      if (!transport) return;
      while (running) await running;
      mailer.kick();
      while (running) await running;
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      while (running) await running;
      transport?.close();
    },
  };
  return mailer;
}

/**
 * Adds a footer inside the document: before `</body>` (or `</html>`) when the mail is a whole
 * HTML document, so nothing follows `</html>`; at the end of a fragment.
 */
export function withFooter(html: string, footer: string): string {
  const at = html.search(/<\/body\s*>/i);
  const end = at >= 0 ? at : html.search(/<\/html\s*>/i);
  return end >= 0 ? html.slice(0, end) + footer + html.slice(end) : html + footer;
}
