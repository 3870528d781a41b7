/**
 * Test fixtures of the restock domain: websites with products, owners, sign-ups inserted in
 * bulk, solved ALTCHA challenges, and a loopback SMTP server that records what it receives.
 */
import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { DatabaseHandle } from '../db/database.js';
import type { Db } from '../db/database.js';
import { insertProduct, type NewVariant } from '../catalog/insert-product.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { createAltchaChallenge } from '../captcha/altcha.js';
import { ProductType, RecordType, Role } from '../../shared/enums.js';
import { TEST_SECRET, Visitor } from '../testing/test-app.js';
import { insertTestSite } from '../testing/site-fixtures.js';

export async function addSite(h: DatabaseHandle, id: string, slug: string): Promise<void> {
  await insertTestSite(h.db, { id, slug, title: `Site ${slug}`, shop: true });
}

/** A product item with variants; variants are sold out unless they say otherwise. */
export async function addProduct(
  h: DatabaseHandle,
  siteId: string,
  itemId: string,
  title: string,
  variants: (Partial<NewVariant> & { id: string })[],
  opts: { productType?: number; autoNotifyOnRestock?: boolean } = {},
): Promise<void> {
  await h.db
    .insertInto('items')
    .values({
      id: itemId,
      site_id: siteId,
      collection_id: `${siteId}-shop`,
      url_id: itemId,
      title,
      record_type: RecordType.STORE_ITEM,
    } as never)
    .execute();
  await insertProduct(h.db, {
    itemId,
    siteId,
    productType: opts.productType ?? ProductType.PHYSICAL,
    variantOptionOrdering: ['Size'],
    ...(opts.autoNotifyOnRestock !== undefined
      ? { merchandising: { autoNotifyOnRestock: opts.autoNotifyOnRestock } }
      : {}),
    variants: variants.map((v, i) => ({
      sku: `${itemId}-${v.id}`,
      attributes: { Size: `S${i}` },
      priceCents: 1000,
      qtyInStock: 0,
      ...v,
    })),
  });
}

export async function addOwner(
  h: DatabaseHandle,
  email: string,
  siteId: string,
  role: number = Role.ADMIN,
): Promise<void> {
  const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
  await grantRole(h.db, siteId, id, role);
}

/** A visitor signed in as that owner. */
export async function signedIn(v: Visitor, email: string): Promise<Visitor> {
  const res = await v.post('/api/auth/login', { email, password: 'pw-123456' });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return v;
}

/** Pending sign-ups inserted straight into the table (bulk, for paging and sending tests). */
export async function insertSignUps(
  db: Db,
  rows: {
    siteId: string;
    itemId: string;
    variantId: string;
    emails: string[];
    created?: number;
    origin?: string;
  },
): Promise<void> {
  const base = rows.created ?? Date.now();
  for (let i = 0; i < rows.emails.length; i += 1000) {
    await db
      .insertInto('restock_signups')
      .values(
        rows.emails.slice(i, i + 1000).map((email, k) => ({
          id: crypto.randomUUID(),
          site_id: rows.siteId,
          item_id: rows.itemId,
          variant_id: rows.variantId,
          email,
          join_mailing_list: false,
          language: 'en-US',
          origin: rows.origin ?? 'http://localhost',
          created: new Date(base + i + k),
          claimed_at: null,
          claimed_by: null,
          notified_at: null,
        })),
      )
      .execute();
  }
}

/** A solved ALTCHA challenge of that website, as the widget would submit it. */
export async function altchaToken(siteId: string, now = Date.now()): Promise<string> {
  const challenge = await createAltchaChallenge({
    secret: TEST_SECRET,
    siteId,
    now,
    maxNumber: 20,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and both bodies with quoted-printable and base64 parts decoded. */
  text: string;
}

/**
 * Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) in unfolded headers. Adjacent
 * words join without the space between them, and their bytes are decoded together, so a character
 * split across two words comes out whole.
 */
function decodeEncodedWords(head: string): string {
  const word = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;
  return head.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) => {
    const bytes: Buffer[] = [];
    for (const [, enc, data] of run.matchAll(word)) {
      bytes.push(
        enc!.toLowerCase() === 'b'
          ? Buffer.from(data!, 'base64')
          : Buffer.from(
              data!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) =>
                  String.fromCharCode(parseInt(h, 16)),
                ),
              'latin1',
            ),
      );
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** Decodes the parts of a raw MIME message well enough to search it. */
function decodeMime(raw: string): string {
  const out: string[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) {
      // Only headers (the message's own, before the first boundary).
      out.push(decodeEncodedWords(part.replace(/\r?\n[ \t]+/g, ' ')));
      continue;
    }
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    out.push(decodeEncodedWords(head.replace(/\r?\n[ \t]+/g, ' ')));
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      out.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
      out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } else {
      out.push(body);
    }
  }
  // Folded header lines join up again.
  return out.join('\n').replace(/\r?\n[ \t]+/g, ' ');
}

/**
 * A loopback SMTP server. `failAfter(n)` makes it refuse every message after the next n;
 * `hold()` makes it keep the next message waiting until `release()`.
 */
export class TestSmtp {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer;
  private budget = Infinity;
  private holdAt: number | undefined;
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;
  private onHeld: (() => void) | undefined;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      disableReverseLookup: true,
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          void (async () => {
            if (this.holdAt !== undefined && this.mails.length >= this.holdAt && this.gate) {
              this.onHeld?.();
              await this.gate;
            }
            if (this.budget <= 0) {
              callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
              return;
            }
            this.budget -= 1;
            const raw = Buffer.concat(chunks).toString('utf8');
            this.mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              raw,
              text: decodeMime(raw),
            });
            callback();
          })();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true&maxConnections=5`;
  }

  failAfter(n: number): void {
    this.budget = n;
  }
  heal(): void {
    this.budget = Infinity;
  }

  /** Accepts n more messages, then holds the rest; resolves when one is waiting. */
  holdAfter(n: number): Promise<void> {
    this.holdAt = this.mails.length + n;
    this.gate = new Promise((r) => (this.open = r));
    return new Promise((r) => (this.onHeld = r));
  }
  release(): void {
    this.holdAt = undefined;
    this.gate = undefined;
    this.onHeld = undefined;
    this.open?.();
  }

  /** How many mails each recipient got. */
  counts(): Map<string, number> {
    const m = new Map<string, number>();
    for (const mail of this.mails) for (const to of mail.to) m.set(to, (m.get(to) ?? 0) + 1);
    return m;
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` returns a value (not undefined) or the time runs out. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let ipCounter = 0;
/** A fresh client address per test, so the per-address rate limit of one test does not leak. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}
