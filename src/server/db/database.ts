import fs from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: how to open a connection of one's own (LISTEN needs a dedicated one). */
  connection?: { url: string; schema: string | undefined };
  close(): Promise<void>;
}

// BIGINT (int8) and NUMERIC come back as strings by default; our int8 columns are counters and
// epoch milliseconds that fit in a double, so parse them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  /** postgres://… connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in one schema each). */
  schema?: string | undefined;
  poolSize?: number;
}

/**
 * Connections the PostgreSQL pool keeps through a lull. pg-pool closes connections idle for 10 s,
 * and a new one costs a backend start plus, on its first call of each plpgsql function (the cart's
 * `cart_add_entry`), compiling it: a burst of adds after a quiet spell met only cold connections
 * (bench, 1,500 adds/s after 10 s idle: p99 260–420 ms, every slow add in the first 750 ms; with
 * four kept warm, 15 ms).
 */
const POOL_WARM = 4;

/**
 * PGlite's buffer cache. PostgreSQL's default, 128 MB, is set up (in wasm memory) at every open:
 * about 0.35 s of the start-up budget on a small machine. 32 MB holds the demo websites'
 * working set several times over, and the rest of the data directory stays in the OS cache.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 20;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max,
      min: Math.min(POOL_WARM, max),
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (opts.schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(opts.schema)}`.execute(db);
    return {
      db,
      kind: 'postgres',
      connection: { url: opts.databaseUrl, schema: opts.schema },
      close: () => db.destroy(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    parsers: { 20: (v: string) => Number(v) },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
