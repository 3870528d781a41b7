import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261127_0100_discounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('discounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('code', 'text')
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
        .addColumn('minimum_subtotal', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`minimum_subtotal >= 0`),
        )
        .addColumn('starts_at', 'timestamptz')
        .addColumn('ends_at', 'timestamptz')
        .addColumn('usage_limit', 'integer')
        .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('once_per_email', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('product_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .addCheckConstraint(
          'discounts_usage_within_limit',
          sql`usage_limit IS NULL OR times_used <= usage_limit`,
        )
        .execute();
      // Codes are case-insensitive: 'welcome10' finds 'WELCOME10'.
      await sql`CREATE UNIQUE INDEX discounts_site_code_idx ON discounts (site_id, lower(code))
                WHERE code IS NOT NULL`.execute(db);

      await db.schema
        .createTable('discount_redemptions')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('discount_id', 'text', (c) =>
          c.notNull().references('discounts.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('once_key', 'text')
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('discount_redemptions_once', ['discount_id', 'once_key'])
        .execute();
      await db.schema
        .createIndex('discount_redemptions_order_idx')
        .on('discount_redemptions')
        .column('order_id')
        .execute();
    },
  },
  // Every quote and cart read looks up the website's automatic discounts (code null).
  '20261127_0150_discounts_site_index': {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('discounts_site_idx').on('discounts').column('site_id').execute();
    },
  },
};
