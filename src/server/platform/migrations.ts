import type { Kysely, Migration } from 'kysely';

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
};
