import { sql, type Kysely, type Migration } from 'kysely';
import { CART_ADD_ENTRIES_FUNCTION, CART_ADD_ENTRY_FUNCTION } from './add-line-function.js';

export const migrations: Record<string, Migration> = {
  '20261122_0400_cart': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('carts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .addColumn('is_purchased', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('order_id', 'text')
        .execute();
      // Abandoned-cart clean-up and owner reports scan by site and age.
      await db.schema
        .createIndex('carts_site_updated_idx')
        .on('carts')
        .columns(['site_id', 'updated'])
        .execute();

      await db.schema
        .createTable('cart_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('seq', 'bigserial', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) =>
          c.notNull().check(sql`quantity >= 1 AND quantity <= 9999`),
        )
        .addColumn('additional_fields', 'jsonb')
        .addColumn('additional_fields_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_price_cents', 'integer', (c) =>
          c.notNull().check(sql`unit_price_cents >= 0`),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('product_type', 'integer', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        // The merge target of an add (ON CONFLICT), and the index every cart read uses.
        .addUniqueConstraint('cart_entries_merge', [
          'cart_id',
          'variant_id',
          'additional_fields_key',
        ])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response', 'jsonb', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['site_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created')
        .execute();

      await db.schema
        .createTable('subscription_carts')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) =>
          c.notNull().check(sql`quantity >= 1 AND quantity <= 9999`),
        )
        .addColumn('subscription_option_id', 'text')
        .addColumn('additional_fields', 'jsonb')
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '20261122_0410_cart_answers': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('cart_entries')
        .addColumn('additional_field_answers', 'jsonb')
        .execute();
    },
  },
  // Adds in one round trip (add-line-function.ts). Idempotency rows stored from here on hold
  // the add's snapshot rather than its response body (idempotency.ts reads both).
  '20261122_0420_cart_add_entry': {
    async up(db: Kysely<any>) {
      // One statement each: PGlite prepares every query, and a prepared query is one statement.
      await sql.raw(CART_ADD_ENTRY_FUNCTION).execute(db);
      await sql.raw(CART_ADD_ENTRIES_FUNCTION).execute(db);
    },
  },
  // cart_add_entries gathers its outcomes in an array instead of re-copying a growing jsonb.
  '20261124_0430_cart_add_entries_array': {
    async up(db: Kysely<any>) {
      await sql.raw(CART_ADD_ENTRIES_FUNCTION).execute(db);
    },
  },
  // Issue 15: the discount code applied on the cart page, offered again at checkout.
  '20261127_0440_cart_coupon_code': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('carts').addColumn('coupon_code', 'text').execute();
    },
  },
};
