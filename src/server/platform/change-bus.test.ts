import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { buildTestApp } from '../testing/test-app.js';
import { describeOnPostgres, openSharedSchema } from '../testing/shared-postgres.js';
import { waitFor } from '../testing/spawn-server.js';
import { setVariantStock } from '../catalog/set-variant-stock.js';
import { SITE_A, Shopper, seedShop } from '../cart/test-fixtures.js';

describeOnPostgres('cache invalidation across processes (LISTEN/NOTIFY)', () => {
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];
  let a: AppDeps;
  let b: AppDeps;
  let appB: FastifyInstance;

  beforeAll(async () => {
    ({ first, second } = await openSharedSchema());
    await seedShop(first);
    const builtA = await buildTestApp(first);
    apps.push(builtA.app);
    const builtB = await buildTestApp(second);
    apps.push(builtB.app);
    a = builtA.deps;
    b = builtB.deps;
    appB = builtB.app;
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  }, 60_000);

  /** A stock change on A, then B's next add once B has heard of it (no fixed wait). */
  async function changeOnA(qty: number): Promise<void> {
    const before = b.caches.remoteDrops;
    await setVariantStock(a.db, a.events, SITE_A, 'v-mug-s', { qtyInStock: qty });
    await waitFor(() => (b.caches.remoteDrops > before ? true : undefined), 'B to hear of it');
  }

  it('a stock change on one process is seen by the other at its next add', async () => {
    // B caches the product, its stock and the website's content version.
    expect(
      (await new Shopper(appB).add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode,
    ).toBe(200);
    await changeOnA(1);
    const refused = await new Shopper(appB).add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 });
    expect(refused.statusCode).toBe(409);
    await changeOnA(10);
    expect(
      (await new Shopper(appB).add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode,
    ).toBe(200);
    // A's own change is not echoed back to A as a remote one.
    expect(a.caches.remoteDrops).toBe(0);
  });

  it('reconnects after losing its LISTEN connection, and forgets what it may have missed', async () => {
    const pid = await b.changes!.listenerPid();
    expect(pid).toBeTypeOf('number');
    await sql`SELECT pg_terminate_backend(${pid})`.execute(a.db);
    const again = await waitFor(async () => {
      const p = await b.changes!.listenerPid().catch(() => undefined);
      return p !== undefined && p !== pid ? p : undefined;
    }, 'B to listen again');
    expect(again).not.toBe(pid);
    expect(
      (await new Shopper(appB).add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode,
    ).toBe(200);
    await changeOnA(0);
    expect(
      (await new Shopper(appB).add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })).statusCode,
    ).toBe(409);
  });
});
