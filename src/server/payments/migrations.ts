import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261125_0100_orders_test_payments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('test_payments')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('refunded', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`refunded >= 0 AND refunded <= amount`),
        )
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};
