import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { headersOf, startTestSmtp } from '../mail/test-smtp.js';
import { addTestForms, addTestSite, submit } from './test-fixtures.js';

describeEachBackend('form mail through a real SMTP server', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    await addTestSite(h, 's1', 'demo', { provider: 'altcha' }, 'Demo\r\nBcc: evil@example.com');
    await addTestForms(h, 's1');
    const owner = await createOwner(h.db, {
      email: 'owner@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 's1', owner, Role.ADMIN);
    ({ app, deps } = await buildTestApp(h, { config: { smtpUrl: smtp.url } }));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await h?.close();
  });

  it('delivers the owner mail after commit, escaped, with no injected headers', async () => {
    const v = new Visitor(app);
    const res = await submit(v, 'form-contact', {
      name: ['<img src=x onerror=alert(1)>', 'Smith\r\nBcc: evil@example.com'],
      email: 'visitor@example.com',
      message: '<script>alert("x")</script>\r\nSubject: spoofed',
      topic: 'Other',
    });
    expect(res.statusCode).toBe(200);
    await mailerFor(deps).drain();
    const mail = smtp.received.find((m) => m.to.includes('owner@demo.test'));
    expect(mail).toBeDefined();
    const headers = headersOf(mail!.raw);
    expect(headers.get('bcc')).toBeUndefined();
    expect(headers.get('subject')).toEqual(['Form Submission - Contact <us>']);
    expect(headers.get('reply-to')).toEqual(['visitor@example.com']);
    expect(headers.get('from')![0]).not.toMatch(/\r|\n/);
    const head = mail!.raw.split(/\r?\n\r?\n/, 1)[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^Subject: spoofed/im);
    expect(headers.get('from')![0]).toBe('"Demo Bcc: evil@example.com" <no-reply@localhost>');
    // The HTML part escapes every visitor value; the raw markup appears only in the text part.
    const decoded = decodeQuotedPrintable(mail!.raw);
    const [textPart, htmlPart] = decoded.split('Content-Type: text/html');
    expect(textPart).toContain('Content-Type: text/plain');
    expect(textPart).toContain('<script>alert("x")</script>');
    expect(htmlPart).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(htmlPart).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(htmlPart).not.toMatch(/<script>alert|<img src=x/);
    const row = await h.db
      .selectFrom('outbox')
      .select(['status', 'sent_at'])
      .where('to_address', '=', 'owner@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeGreaterThan(0);
  });

  it('refuses a visitor address that tries to add headers', async () => {
    const v = new Visitor(app);
    const res = await submit(v, 'form-contact', {
      name: ['A', 'B'],
      email: 'visitor@example.com\r\nBcc: evil@example.com',
      message: 'hi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toMatch(/^Email is not valid/);
  });
});

/** Undoes quoted-printable soft breaks and =XX escapes, enough to read the HTML part. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
