import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261125_0100_platform_rate_limits': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limits_reset_idx')
        .on('rate_limits')
        .column('reset_at')
        .execute();
    },
  },
  '20261125_0200_platform_jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('key', 'text')
        .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('finished', 'bigint')
        .execute();
      // One live job per (queue, key): the target of enqueue's ON CONFLICT.
      await sql`CREATE UNIQUE INDEX jobs_live_key ON jobs (queue, key)
        WHERE state IN ('queued', 'running')`.execute(db);
      await sql`CREATE INDEX jobs_due_idx ON jobs (run_at)
        WHERE state IN ('queued', 'running')`.execute(db);
    },
  },
  /**
   * Rate-limit windows are worth nothing after a database crash, and a logged table made every
   * counted request (each order, each cart add) wait for its own WAL flush at commit. An
   * unlogged table writes no WAL, so those commits do not wait; PostgreSQL empties it after a
   * crash, which only restarts the windows.
   */
  '20261126_0100_platform_rate_limits_unlogged': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE rate_limits SET UNLOGGED`.execute(db);
    },
  },
};
