import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0100_sites': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('domain', 'text', (c) => c.unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-US'))
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('site_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('website_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('developer_mode', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('template_id', 'text', (c) => c.notNull().defaultTo('default'))
        .addColumn('theme', 'text', (c) => c.notNull().defaultTo('default'))
        .addColumn('settings', 'jsonb', (c) => c.notNull())
        .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};
