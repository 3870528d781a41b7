import { sql, type Kysely, type Migration } from 'kysely';
import { PLACE_ORDER_FUNCTION, PLACE_ORDERS_FUNCTION } from './place-order-function.js';
import { PLACE_ORDERS_TOGETHER_FUNCTION } from './place-orders-together-function.js';

export const migrations: Record<string, Migration> = {
  '20261125_0001_orders': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('checkout_settings')
        .addColumn('site_id', 'text', (c) =>
          c.primaryKey().references('sites.id').onDelete('cascade'),
        )
        .addColumn('settings', 'jsonb', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('order_counters')
        .addColumn('site_id', 'text', (c) =>
          c.primaryKey().references('sites.id').onDelete('cascade'),
        )
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();

      const money = (name: string) => (t: any) =>
        t.addColumn(name, 'integer', (c: any) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`${sql.ref(name)} >= 0`),
        );
      let orders = db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('order_number', 'integer', (c) => c.notNull())
        .addColumn('cart_id', 'text', (c) => c.notNull().unique())
        .addColumn('idempotency_key', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull());
      for (const m of [
        'subtotal',
        'shipping_total',
        'tax_total',
        'discount_total',
        'gift_card_total',
        'grand_total',
        'paid_total',
        'refunded_total',
      ]) {
        orders = money(m)(orders);
      }
      await orders
        .addColumn('tax_lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('shipping_address', 'jsonb')
        .addColumn('billing_address', 'jsonb')
        .addColumn('shipping_option', 'jsonb')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull())
        .addColumn('fulfillment_status', 'text', (c) => c.notNull())
        .addColumn('payment_provider', 'text', (c) => c.notNull())
        .addColumn('payment_reference', 'text', (c) => c.notNull())
        .addColumn('payment_instructions', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('test_mode', 'boolean', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('orders_site_number', ['site_id', 'order_number'])
        .addUniqueConstraint('orders_site_idempotency_key', ['site_id', 'idempotency_key'])
        .addCheckConstraint('orders_refund_within_paid', sql`refunded_total <= paid_total`)
        .execute();
      // The owner's list: newest first per website, by status; search by email.
      await db.schema
        .createIndex('orders_site_created_idx')
        .on('orders')
        .columns(['site_id', 'created desc'])
        .execute();
      await db.schema
        .createIndex('orders_site_email_idx')
        .on('orders')
        .columns(['site_id', 'email'])
        .execute();
      await db.schema
        .createIndex('orders_payment_reference_idx')
        .on('orders')
        .column('payment_reference')
        .execute();

      await db.schema
        .createTable('order_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('attributes', 'jsonb', (c) => c.notNull())
        .addColumn('product_type', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('line_total', 'integer', (c) => c.notNull().check(sql`line_total >= 0`))
        .addColumn('additional_field_answers', 'jsonb', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_lines_order_idx')
        .on('order_lines')
        .columns(['order_id', 'position'])
        .execute();

      await db.schema
        .createTable('order_events')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
      await db.schema
        .createIndex('order_events_order_idx')
        .on('order_events')
        .columns(['order_id', 'seq'])
        .execute();

      await db.schema
        .createTable('order_fulfillments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_fulfillments_order_idx')
        .on('order_fulfillments')
        .column('order_id')
        .execute();
    },
  },
  '20261125_0002_orders_checkout_attempts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('checkout_attempts')
        .addColumn('payment_reference', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('cart_id', 'text', (c) => c.notNull())
        .addColumn('request', 'jsonb', (c) => c.notNull())
        .addColumn('idempotency_key', 'text')
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '20261125_0003_orders_place_order_function': {
    async up(db: Kysely<any>) {
      // One statement each: PGlite prepares every query, and a prepared query is one statement.
      await sql.raw(PLACE_ORDER_FUNCTION).execute(db);
      await sql.raw(PLACE_ORDERS_FUNCTION).execute(db);
    },
  },
  '20261127_0200_orders_adjustments': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('discount_lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('gift_card_lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      await db.schema.alterTable('orders').addColumn('subscription_id', 'text').execute();
    },
  },
  '20261127_0210_orders_place_order_adjustments': {
    async up(db: Kysely<any>) {
      // place_order records discount uses and gift card debits (issue 15).
      await sql.raw(PLACE_ORDER_FUNCTION).execute(db);
    },
  },
  '20261128_0201_checkout_attempts_context': {
    async up(db: Kysely<any>) {
      // The gift card checkout's recipient and a subscription's customer, kept with the
      // placement the webhook finishes (issue 15).
      await db.schema
        .alterTable('checkout_attempts')
        .addColumn('context', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
    },
  },
  // Issue 14: the signed-in customer who placed the order (customers/; null for guests).
  '20261128_0113_orders_customer': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('orders_customer').on('orders').column('customer_id').execute();
    },
  },
  // Issue 10: batches recorded set-wise (place_orders_together), and the signed-in customer
  // recorded with the order itself instead of by an update after it.
  '20261128_0700_orders_place_orders_together': {
    async up(db: Kysely<any>) {
      await sql.raw(PLACE_ORDERS_TOGETHER_FUNCTION).execute(db);
      await sql.raw(PLACE_ORDER_FUNCTION).execute(db);
      await sql.raw(PLACE_ORDERS_FUNCTION).execute(db);
    },
  },
};
