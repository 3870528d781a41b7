import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0300_catalog': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('products')
        .addColumn('item_id', 'text', (c) =>
          c.primaryKey().references('items.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('product_type', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('is_subscribable', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('subscription_plan', 'jsonb')
        .addColumn('product_subscription_options', 'jsonb', (c) =>
          c.notNull().defaultTo(sql`'[]'::jsonb`),
        )
        .addColumn('one_time_purchase_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('additional_fields_form_id', 'text')
        .addColumn('use_custom_add_button_text', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('custom_add_button_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('variant_option_ordering', 'jsonb', (c) =>
          c.notNull().defaultTo(sql`'[]'::jsonb`),
        )
        .addColumn('merchandising', 'jsonb', (c) => c.notNull())
        .addColumn('installment', 'jsonb', (c) => c.notNull())
        .addColumn('related_item_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      await db.schema
        .createTable('variants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) =>
          c.notNull().references('products.item_id').onDelete('cascade'),
        )
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('qty_in_stock', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`qty_in_stock >= 0`),
        )
        .addColumn('unlimited', 'boolean', (c) => c.notNull().defaultTo(false))
        .addUniqueConstraint('variants_site_sku', ['site_id', 'sku'])
        .execute();
      await db.schema
        .createIndex('variants_item_idx')
        .on('variants')
        .columns(['item_id', 'position'])
        .execute();
    },
  },
  /**
   * Add-on products (SPEC 1.1): the items a product offers beside its own add-to-cart button, in
   * the owner's order. Stored like `related_item_ids`: a short list read with the product, never
   * queried across products.
   */
  '20261124_0330_catalog_add_ons': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('add_on_item_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
    },
  },
  /**
   * The catalog editor (issue 12): visibility (draft, published, hidden — see
   * shared/product/owner-api.ts), an edit version for conflict detection (every owner save bumps it
   * and must name the version it read), variant weight for weight-based shipping, an optional image
   * per variant, and the file a digital product delivers.
   */
  '20261125_0900_catalog_editor': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('digital_asset_id', 'text')
        .execute();
      await db.schema
        .alterTable('variants')
        .addColumn('weight_grams', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('image_asset_id', 'text')
        .execute();
    },
  },
  /**
   * The owner's product list and CSV import (issue 12): products by site (the list and the
   * storefront's unlisted-products read), and one row per import holding its CSV and progress, so
   * the job runs in any process and any process answers GET …/import/:id.
   */
  '20261125_1000_catalog_imports': {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('products_site_visibility_idx')
        .on('products')
        .columns(['site_id', 'visibility'])
        .execute();
      await db.schema
        .createTable('product_imports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('csv', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('product_imports_site_idx')
        .on('product_imports')
        .columns(['site_id', 'created_at'])
        .execute();
    },
  },
};
