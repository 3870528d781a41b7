/**
 * Test-only: one more server process placing orders on the same PostgreSQL schema (the race
 * test's "several processes"). Reads `{ schema, buyers: { cookie, crumb, address }[], body }` as
 * JSON on stdin, builds the app on its own connection pool, sends every placement at once and
 * prints the statuses as JSON.
 */
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { testConfig } from '../../testing/test-app.js';

interface Job {
  schema: string;
  buyers: { cookie: string; crumb: string; address: string }[];
  body: unknown;
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const job = JSON.parse(input) as Job;
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  schema: job.schema,
  poolSize: 10,
});
const { app } = await buildApp({ config: testConfig(), database });
await app.ready();
const statuses = await Promise.all(
  job.buyers.map(async (b) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/commerce/orders',
      headers: {
        host: 'localhost',
        cookie: b.cookie,
        'x-csrf-token': b.crumb,
        'x-forwarded-for': b.address,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(job.body),
    });
    return res.statusCode;
  }),
);
process.stdout.write(JSON.stringify(statuses));
await app.close();
await database.close();
