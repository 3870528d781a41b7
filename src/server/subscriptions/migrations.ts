import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261127_0300_subscriptions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('product_type', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('period_value', 'integer', (c) => c.notNull().check(sql`period_value > 0`))
        .addColumn('period_unit', 'text', (c) => c.notNull())
        .addColumn('num_billing_cycles', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cycles_charged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('anchor_on', 'text', (c) => c.notNull())
        .addColumn('periods', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_charge_on', 'text')
        .addColumn('payment_provider', 'text', (c) => c.notNull())
        .addColumn('payment_token', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('shipping_address', 'jsonb')
        .addColumn('billing_address', 'jsonb')
        .addColumn('shipping_option_id', 'text')
        .addColumn('additional_fields', 'jsonb')
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_retry_at', 'timestamptz')
        .addColumn('claimed_until', 'timestamptz')
        .addColumn('first_order_id', 'text')
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_site_created_idx')
        .on('subscriptions')
        .columns(['site_id', 'created desc'])
        .execute();
      // The renewal job's scan: what is due, across websites.
      await db.schema
        .createIndex('subscriptions_due_idx')
        .on('subscriptions')
        .columns(['status', 'next_charge_on'])
        .execute();

      await db.schema
        .createTable('subscription_renewals')
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('cycle', 'integer', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('cart_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('order_id', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_renewals_pk', ['subscription_id', 'cycle'])
        .execute();
    },
  },
  '20261128_0202_subscriptions_payment_customer': {
    async up(db: Kysely<any>) {
      // The processor's customer the card is kept with (Stripe: cus_…; '' for the test card).
      await db.schema
        .alterTable('subscriptions')
        .addColumn('payment_customer', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
};
