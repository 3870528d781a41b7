import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0600_restock': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('restock_signups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('products.item_id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'text', (c) =>
          c.notNull().references('variants.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) =>
          c.notNull().check(sql`char_length(email) between 3 and 256 and email = lower(email)`),
        )
        .addColumn('join_mailing_list', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('claimed_at', 'timestamptz')
        .addColumn('claimed_by', 'text')
        .addColumn('notified_at', 'timestamptz')
        .addUniqueConstraint('restock_signups_site_variant_email', [
          'site_id',
          'variant_id',
          'email',
        ])
        .execute();
      // Owner's list of one product (newest first) and the groups (by product, variant).
      await db.schema
        .createIndex('restock_signups_item_idx')
        .on('restock_signups')
        .columns(['site_id', 'item_id', 'variant_id', 'created', 'id'])
        .execute();
      // The send's claim query: pending rows of one variant in sign-up order.
      await db.schema
        .createIndex('restock_signups_pending_idx')
        .on('restock_signups')
        .columns(['variant_id', 'created', 'id'])
        .where(sql.ref('notified_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('restock_sends')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('running', 'done', 'failed')`),
        )
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('base_url', 'text')
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('started', 'timestamptz', (c) => c.notNull())
        .addColumn('finished', 'timestamptz')
        .addColumn('heartbeat', 'timestamptz', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('restock_sends_running_idx')
        .on('restock_sends')
        .columns(['variant_id'])
        .where(sql.ref('status'), '=', 'running')
        .execute();

      await db.schema
        .createTable('restock_settings')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('products.item_id').onDelete('cascade'),
        )
        .addColumn('auto_notify', 'boolean', (c) => c.notNull())
        .addColumn('updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('restock_settings_pk', ['site_id', 'item_id'])
        .execute();
    },
  },
};
