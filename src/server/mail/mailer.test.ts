import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMailer, type MailMessage } from './mailer.js';
import { headerSafe, safeHeaders } from './headers.js';
import { startTestSmtp, headersOf } from './test-smtp.js';
import {
  activeListMembers,
  joinMailingList,
  unsubscribeByToken,
  unsubscribeToken,
  unsubscribeUrl,
  unsubscribedAmong,
} from './unsubscribe.js';
import { siteBaseUrl } from './site-url.js';

const base: MailMessage = {
  siteId: 's1',
  to: 'someone@example.com',
  subject: 'Hello',
  text: 'Plain',
  html: '<p>Html</p>',
  kind: 'test',
};

describeEachBackend('mailer', (kind) => {
  let h: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let clock = 1_800_000_000_000;
  const now = () => clock;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await h?.close();
  });

  it('keeps mail in the outbox as held when there is no SMTP', async () => {
    const mailer = createMailer({ db: h.db, now });
    expect(mailer.hasTransport).toBe(false);
    expect(await mailer.send({ ...base, kind: 'held-test' })).toEqual({ status: 'held' });
    const row = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'held-test')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'held', to_address: 'someone@example.com', sent_at: null });
    await mailer.close();
  });

  it('sends through SMTP, records it as sent, and keeps CR/LF out of headers', async () => {
    const mailer = createMailer({ db: h.db, smtpUrl: smtp.url, now, from: 'shop@example.com' });
    const result = await mailer.send({
      ...base,
      subject: 'Hi\r\nBcc: victim@example.com',
      headers: { 'X-Note': 'a\r\nBcc: victim2@example.com' },
      fromName: 'Shop\r\nBcc: x@example.com',
      replyTo: 'reply@example.com',
      unsubscribeUrl: 'http://localhost/unsubscribe?token=abc',
      kind: 'smtp-test',
    });
    expect(result).toEqual({ status: 'sent' });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['someone@example.com']);
    const headers = headersOf(mail.raw);
    expect(headers.get('bcc')).toBeUndefined();
    expect(headers.get('subject')).toEqual(['Hi Bcc: victim@example.com']);
    expect(headers.get('x-note')).toEqual(['a Bcc: victim2@example.com']);
    expect(headers.get('reply-to')).toEqual(['reply@example.com']);
    expect(headers.get('list-unsubscribe')).toEqual(['<http://localhost/unsubscribe?token=abc>']);
    expect(headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
    expect(headers.get('from')![0]).toContain('shop@example.com');
    expect(headers.get('x-from-name')).toBeUndefined();
    expect(mail.raw).toContain('multipart/alternative');
    const row = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'smtp-test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.text_body).toContain('Unsubscribe: http://localhost/unsubscribe?token=abc');
    await mailer.close();
  });

  it('writes the unsubscribe footer in the mail’s language and says which it is', async () => {
    const mailer = createMailer({ db: h.db, now });
    const url = 'http://jp.localhost/unsubscribe?token=a&b';
    const [ja, fr, owner] = mailer.outboxRows([
      { ...base, unsubscribeUrl: url, language: 'ja-JP' },
      { ...base, unsubscribeUrl: url, language: 'fr-FR' },
      { ...base, unsubscribeUrl: url },
    ]);
    expect(ja!.text_body).toBe(`Plain\n\n--\n配信停止: ${url}\n`);
    // A fragment leaves as a whole document in the mail's language, the footer inside it.
    expect(ja!.html_body).toMatch(
      /^<!doctype html><html lang="ja-JP"><head><meta charset="utf-8">/,
    );
    expect(ja!.html_body).toContain(
      '<p>Html</p><hr><p style="font-size:12px;color:#666"><a href="http://jp.localhost/unsubscribe?token=a&amp;b">配信を停止する</a></p></body></html>',
    );
    expect(JSON.parse(ja!.headers)).toMatchObject({ 'Content-Language': 'ja' });
    expect(fr!.text_body).toBe(`Plain\n\n--\nUnsubscribe: ${url}\n`);
    expect(fr!.html_body).toContain('>Unsubscribe</a>');
    expect(JSON.parse(fr!.headers)).toMatchObject({ 'Content-Language': 'en' });
    // Mail without a language (owner mail) keeps the English footer and no Content-Language.
    expect(owner!.text_body).toBe(`Plain\n\n--\nUnsubscribe: ${url}\n`);
    expect(JSON.parse(owner!.headers)).not.toHaveProperty('Content-Language');
    await mailer.close();
  });

  it('puts the footer inside a whole HTML document: nothing after </html>', async () => {
    const mailer = createMailer({ db: h.db, now });
    const doc = '<!doctype html><html><body><p>Back in stock</p></body></html>';
    const [row] = mailer.outboxRows([
      { ...base, html: doc, unsubscribeUrl: 'http://x.localhost/u?t=1' },
    ]);
    expect(row!.html_body.endsWith('</p></body></html>')).toBe(true);
    expect(row!.html_body).toContain('<p>Back in stock</p><hr><p style=');
    await mailer.close();
  });

  it('refuses recipients and header names that could inject', async () => {
    const mailer = createMailer({ db: h.db, now });
    for (const to of ['a@b.co\r\nBcc: c@d.co', 'a@b.co, c@d.co', 'Name <a@b.co>', 'nope']) {
      await expect(mailer.send({ ...base, to })).rejects.toThrow(/recipient/);
    }
    await expect(mailer.send({ ...base, replyTo: 'x@y.co\nBcc: z@y.co' })).rejects.toThrow();
    expect(() => safeHeaders({ 'Bad Name': 'x' })).toThrow();
    expect(() => safeHeaders({ Bcc: 'x@y.co' })).toThrow();
    expect(headerSafe('a\u0000b\u001b\tc\u2028d')).toBe('ab\tc d');
    await mailer.close();
  });

  it('delivers queued rows in the background after commit, and retries when SMTP is down', async () => {
    const mailer = createMailer({ db: h.db, smtpUrl: smtp.url, now });
    await h.db.transaction().execute((trx) =>
      mailer.enqueue(trx, [
        { ...base, kind: 'queued-test', to: 'one@example.com' },
        { ...base, kind: 'queued-test', to: 'two@example.com' },
      ]),
    );
    const before = smtp.received.length;
    mailer.kick();
    await mailer.drain();
    expect(smtp.received.length - before).toBe(2);
    const rows = await h.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('kind', '=', 'queued-test')
      .execute();
    expect(rows).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ]);
    await mailer.close();

    // Nothing listens on this port: the row stays queued with a backoff, then gives up.
    const down = createMailer({
      db: h.db,
      smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true',
      now,
      maxAttempts: 2,
    });
    await h.db.transaction().execute((trx) => down.enqueue(trx, [{ ...base, kind: 'down-test' }]));
    await down.drain();
    const first = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'down-test')
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first.next_attempt_at).toBeGreaterThan(clock);
    expect(first.last_error).toBeTruthy();
    await down.drain(); // not due yet: untouched
    expect(
      (
        await h.db
          .selectFrom('outbox')
          .select('attempts')
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow()
      ).attempts,
    ).toBe(1);
    clock += 60_000;
    await down.drain();
    const last = await h.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ status: 'failed', attempts: 2 });
    await down.close();
  });

  it('sends in bulk over pooled connections with batched outbox inserts', async () => {
    const mailer = createMailer({ db: h.db, smtpUrl: smtp.url, now });
    const before = smtp.received.length;
    const messages = Array.from({ length: 300 }, (_, i) => ({
      ...base,
      kind: 'bulk-test',
      to: `reader${i}@example.com`,
    }));
    const started = performance.now();
    const results = await mailer.sendMany(messages);
    const ms = performance.now() - started;
    expect(results.every((r) => r.status === 'sent')).toBe(true);
    expect(smtp.received.length - before).toBe(300);
    const n = await h.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'bulk-test')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(300);
    expect(ms).toBeLessThan(20_000); // a sanity bound only; the benchmark lives in bench/
    await mailer.close();
  });

  it('keeps list members once, unsubscribes by token, and builds links', async () => {
    const secret = 'test-secret';
    const a = await joinMailingList(h.db, {
      secret,
      now: clock,
      siteId: 's1',
      listId: 'news',
      email: 'Reader@Example.com ',
    });
    expect(a.joined).toBe(true);
    expect(a.token).toBe(unsubscribeToken(secret, 's1', 'news', 'reader@example.com'));
    const again = await joinMailingList(h.db, {
      secret,
      now: clock,
      siteId: 's1',
      listId: 'news',
      email: 'reader@example.com',
    });
    expect(again.joined).toBe(false);
    expect(await activeListMembers(h.db, 's1', 'news')).toEqual([
      { email: 'reader@example.com', token: a.token },
    ]);
    expect(await unsubscribeByToken(h.db, a.token, clock)).toEqual({
      siteId: 's1',
      listId: 'news',
      email: 'reader@example.com',
    });
    expect(await activeListMembers(h.db, 's1', 'news')).toEqual([]);
    expect(await unsubscribedAmong(h.db, 's1', 'news', ['READER@example.com', 'x@y.co'])).toEqual(
      new Set(['reader@example.com']),
    );
    expect(await unsubscribeByToken(h.db, 'nope', clock)).toBeUndefined();
    expect(unsubscribeUrl('http://localhost:3000/', 'a b')).toBe(
      'http://localhost:3000/unsubscribe?token=a%20b',
    );
    const cfg = { baseDomain: 'localhost', port: 3000, secureCookies: false };
    expect(siteBaseUrl({ slug: 'demo', domain: null }, cfg)).toBe('http://localhost:3000');
    expect(siteBaseUrl({ slug: 'jp', domain: null }, cfg)).toBe('http://jp.localhost:3000');
    expect(
      siteBaseUrl({ slug: 'jp', domain: 'shop.example.com' }, { ...cfg, secureCookies: true }),
    ).toBe('https://shop.example.com');
  });
});
