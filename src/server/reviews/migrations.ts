import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261128_0101_reviews': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('product_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('product_id', 'text', (c) =>
          c.notNull().references('items.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'text')
        .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) <= 120`))
        .addColumn('body', 'text', (c) =>
          c.notNull().check(sql`char_length(body) between 1 and 4000`),
        )
        .addColumn('author_name', 'text', (c) =>
          c.notNull().check(sql`char_length(author_name) between 1 and 80`),
        )
        .addColumn('author_email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'published', 'hidden')`),
        )
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('published_at', 'timestamptz')
        .execute();
      // One review per product per order: a second submit of the same line is refused.
      await db.schema
        .createIndex('product_reviews_order_product_uq')
        .on('product_reviews')
        .columns(['order_id', 'product_id'])
        .unique()
        .where(sql.ref('order_id'), 'is not', null)
        .execute();
      // The product page's list (published, newest first) and its count and average.
      await db.schema
        .createIndex('product_reviews_product_idx')
        .on('product_reviews')
        .columns(['product_id', 'status', 'created', 'id'])
        .execute();
      // The owner's queue per status, newest first.
      await db.schema
        .createIndex('product_reviews_site_status_idx')
        .on('product_reviews')
        .columns(['site_id', 'status', 'created', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('product_reviews').execute();
    },
  },
};
