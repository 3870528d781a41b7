import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261128_0600_developer_themes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('developer_theme_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('file', 'text')
        .addColumn('files', 'jsonb', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.references('owners.id').onDelete('set null'))
        .addColumn('actor_email', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('developer_theme_versions_site_seq', ['site_id', 'seq'])
        .execute();
      await db.schema
        .createTable('developer_themes')
        .addColumn('site_id', 'text', (c) =>
          c.primaryKey().references('sites.id').onDelete('cascade'),
        )
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('live_version_id', 'text', (c) =>
          c.notNull().references('developer_theme_versions.id'),
        )
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};
