import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261127_0400_comments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('author_name', 'text', (c) =>
          c.notNull().check(sql`char_length(author_name) between 1 and 80`),
        )
        .addColumn('author_email', 'text', (c) =>
          c.notNull().check(sql`char_length(author_email) between 3 and 256`),
        )
        .addColumn('site_user_id', 'text')
        .addColumn('body', 'text', (c) =>
          c.notNull().check(sql`char_length(body) between 1 and 4000`),
        )
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'approved', 'spam')`),
        )
        .addColumn('created', 'timestamptz', (c) => c.notNull())
        .addColumn('approved_at', 'timestamptz')
        .execute();
      // The item page's list (approved, oldest first) and the count kept on items.
      await db.schema
        .createIndex('comments_item_idx')
        .on('comments')
        .columns(['item_id', 'status', 'created', 'id'])
        .execute();
      // The owner's queue per status, newest first.
      await db.schema
        .createIndex('comments_site_status_idx')
        .on('comments')
        .columns(['site_id', 'status', 'created', 'id'])
        .execute();
      await db.schema
        .createIndex('comments_parent_idx')
        .on('comments')
        .column('parent_id')
        .execute();

      await db.schema
        .createTable('comment_bans')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('comment_bans_pk', ['site_id', 'email'])
        .execute();

      await db.schema
        .createTable('item_likes')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('item_likes_pk', ['item_id', 'visitor_hash'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('item_likes').execute();
      await db.schema.dropTable('comment_bans').execute();
      await db.schema.dropTable('comments').execute();
    },
  },
};
