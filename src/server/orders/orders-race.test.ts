import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';
import { REPO_ROOT } from '../repo-root.js';
import { CRUMB_COOKIE } from '../http/crumb.js';

const WORKER = path.join(REPO_ROOT, 'src/server/orders/testing/place-worker.ts');

/** Runs placements in another server process (its own pool) and answers their statuses. */
function placeInProcess(job: object): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as number[]);
      else reject(new Error(`place-worker exited ${code}: ${err.slice(-2000)}`));
    });
    child.stdin.end(JSON.stringify(job));
  });
}

const BUYERS = 120;
const UNITS = 10;

describeEachBackend('orders race: many buyers for the last units', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it(`${BUYERS} concurrent placements for ${UNITS} units: exactly ${UNITS} orders, stock 0`, async () => {
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: 1000 })
      .where('id', '=', 'v-tee-s-red')
      .execute();
    const shoppers: Shopper[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const s = new Shopper(app);
      const r = await s.add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 });
      expect(r.statusCode, r.body).toBe(200);
      shoppers.push(s);
    }
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: UNITS })
      .where('id', '=', 'v-tee-s-red')
      .execute();
    const results = await Promise.all(
      shoppers.map((s, i) =>
        s.post('/api/commerce/orders', placeBody({ email: `buyer${i}@example.com` })),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error).toMatchObject({
        code: 'OUT_OF_STOCK',
        lines: [{ sku: 'TEE-S-RED', available: 0 }],
      });
    }
    const stock = await h.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', 'v-tee-s-red')
      .executeTakeFirstOrThrow();
    expect(stock.qty_in_stock).toBe(0);
    const orders = await h.db
      .selectFrom('orders')
      .select(['order_number'])
      .orderBy('order_number')
      .execute();
    expect(orders.map((o) => o.order_number)).toEqual(
      Array.from({ length: UNITS }, (_, i) => i + 1),
    );
    // Every hold of a buyer who lost was released: only the winners' payments were captured.
    const ledger = await h.db.selectFrom('test_payments').select('status').execute();
    expect(ledger.filter((p) => p.status === 'captured')).toHaveLength(UNITS);
    expect(ledger.filter((p) => p.status === 'authorized')).toHaveLength(0);
  }, 240_000);

  it.skipIf(kind !== 'postgres')(
    'several server processes racing for the last units on PostgreSQL: no oversell',
    async () => {
      const PROCESSES = 3;
      const PER_PROCESS = 30;
      await h.db
        .updateTable('variants')
        .set({ qty_in_stock: 1000 })
        .where('id', '=', 'v-tee-m-blue')
        .execute();
      const buyers: Shopper[] = [];
      for (let i = 0; i < PROCESSES * PER_PROCESS; i++) {
        const s = new Shopper(app);
        const r = await s.add({ itemId: 'tee', sku: 'TEE-M-BLUE', quantity: 1 });
        expect(r.statusCode, r.body).toBe(200);
        buyers.push(s);
      }
      await h.db
        .updateTable('variants')
        .set({ qty_in_stock: UNITS })
        .where('id', '=', 'v-tee-m-blue')
        .execute();
      const ordersBefore = (await h.db.selectFrom('orders').select('id').execute()).length;
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]!
        .s;
      const jobs = Array.from({ length: PROCESSES }, (_, p) => ({
        schema,
        body: placeBody({ email: `proc${p}@example.com` }),
        buyers: buyers.slice(p * PER_PROCESS, (p + 1) * PER_PROCESS).map((s) => ({
          cookie: [...s.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
          crumb: s.cookies.get(CRUMB_COOKIE) ?? '',
          address: s.address,
        })),
      }));
      const statuses = (await Promise.all(jobs.map(placeInProcess))).flat();
      expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PROCESSES * PER_PROCESS - UNITS);
      const stock = await h.db
        .selectFrom('variants')
        .select('qty_in_stock')
        .where('id', '=', 'v-tee-m-blue')
        .executeTakeFirstOrThrow();
      expect(stock.qty_in_stock).toBe(0);
      expect((await h.db.selectFrom('orders').select('id').execute()).length).toBe(
        ordersBefore + UNITS,
      );
    },
    240_000,
  );
});
