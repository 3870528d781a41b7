import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { TEST_SECRET } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { addProduct, addSite, insertSignUps, TestSmtp } from './test-fixtures.js';
import { RestockSender } from './sender.js';

/**
 * The lead's target: 10,000 sign-ups mailed through a loopback SMTP server in under 60 s.
 * Opt-in (RESTOCK_BENCH=1, RESTOCK_BENCH_COUNT to change the size): it is a measurement, not a
 * unit test, and takes the machine for a while.
 */
const COUNT = Number(process.env.RESTOCK_BENCH_COUNT ?? 10_000);

describeEachBackend('restock send of many addresses', (kind) => {
  let h: DatabaseHandle;
  let smtp: TestSmtp;
  let mailer: Mailer;

  beforeAll(async () => {
    if (!process.env.RESTOCK_BENCH) return;
    h = await openTestDatabase(kind);
    smtp = new TestSmtp();
    const url = await smtp.start();
    mailer = createMailer({ db: h.db, smtpUrl: url });
    await addSite(h, 's1', 'demo');
    await addProduct(h, 's1', 'mug', 'Mug', [{ id: 'mug-1' }]);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'mug',
      variantId: 'mug-1',
      emails: Array.from({ length: COUNT }, (_, i) => `shopper${i}@example.com`),
    });
  }, 300_000);
  afterAll(async () => {
    await mailer?.close();
    await smtp?.stop();
    await h?.close();
  });

  it.skipIf(!process.env.RESTOCK_BENCH)(
    `mails ${COUNT} addresses once each`,
    async () => {
      const sender = new RestockSender({
        db: h.db,
        now: Date.now,
        secret: TEST_SECRET,
        mailer,
        log: { error: (o, m) => console.error(m, o) },
      });
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const id = await sender.start({
        siteId: 's1',
        productId: 'mug',
        variantId: 'mug-1',
        baseUrl: 'http://localhost',
        trigger: 'owner',
      });
      await sender.idle();
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      // CPU time too: on a shared, busy machine wall time says little.
      console.log(
        `[${kind}] ${COUNT} restock mails in ${seconds.toFixed(1)} s ` +
          `(this process: ${cpuSeconds.toFixed(1)} s CPU, SMTP server included)`,
      );
      expect(await sender.progress('s1', id!)).toMatchObject({ status: 'done', sent: COUNT });
      expect(smtp.counts().size).toBe(COUNT);
      expect(seconds).toBeLessThan(60);
    },
    300_000,
  );
});
