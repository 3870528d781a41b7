import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { mailerFor, MAIL_OUTBOX_POLL_MS } from './mailer-registry.js';
import { startTestSmtp } from './test-smtp.js';

describeEachBackend('mail outbox poll on the job queue', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let deps: AppDeps;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
  let clock = Date.now();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 's1', slug: 'demo' });
    smtp = await startTestSmtp();
    ({ app, deps } = await buildTestApp(h, { config: { smtpUrl: smtp.url }, now: () => clock }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await h?.close();
  }, 60_000);

  it('delivers mail that no kick sent (a crash after commit) when the recurring job comes due', async () => {
    // Enqueued without the kick that follows a commit: as if the process died right then.
    await mailerFor(deps).enqueue(deps.db, [
      {
        siteId: 's1',
        to: 'left@example.com',
        subject: 'Left behind',
        text: 'hi',
        html: '<p>hi</p>',
        kind: 'test',
      },
    ]);
    await deps.jobs.drain();
    expect(smtp!.received).toHaveLength(0); // the job is not due yet
    clock += MAIL_OUTBOX_POLL_MS;
    await deps.jobs.drain();
    expect(smtp!.received.map((m) => m.to)).toEqual([['left@example.com']]);
    // And the next run is queued, once.
    expect(await deps.jobs.depths()).toMatchObject({ 'mail-outbox': 1 });
  });
});
