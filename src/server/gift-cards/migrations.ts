import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261127_0110_gift_cards': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('gift_cards')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('initial_balance', 'integer', (c) => c.notNull().check(sql`initial_balance > 0`))
        .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('recipient_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sender_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('order_id', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('send_on', 'timestamptz')
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gift_cards_site_created_idx')
        .on('gift_cards')
        .columns(['site_id', 'created desc'])
        .execute();

      await db.schema
        .createTable('gift_card_transactions')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('gift_card_id', 'text', (c) =>
          c.notNull().references('gift_cards.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gift_card_transactions_card_idx')
        .on('gift_card_transactions')
        .columns(['gift_card_id', 'id'])
        .execute();
    },
  },
  /**
   * An order paid partly by gift cards refunds up to what it took in all: the provider's part
   * (paid_total) and the cards' (gift_card_total), which go back to the cards.
   */
  '20261127_0210_gift_cards_order_refunds': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').dropConstraint('orders_refund_within_paid').execute();
      await db.schema
        .alterTable('orders')
        .addCheckConstraint(
          'orders_refund_within_paid',
          sql`refunded_total <= paid_total + gift_card_total`,
        )
        .execute();
    },
  },
};
