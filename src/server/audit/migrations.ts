import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261128_0200_audit_log': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) => c.references('owners.id').onDelete('set null'))
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('audit_log_site_time')
        .on('audit_log')
        .columns(['site_id', 'created_at', 'id'])
        .execute();
    },
  },
};
