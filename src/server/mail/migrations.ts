import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0700_mail': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('headers', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('outbox_by_site')
        .on('outbox')
        .columns(['site_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('mailing_list_members')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('list_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('unsubscribed_at', 'bigint')
        .addPrimaryKeyConstraint('mailing_list_members_pk', ['site_id', 'list_id', 'email'])
        .execute();
    },
  },
  /**
   * Named mailing lists (issue 12). Until now a list was only an id on its members (the
   * newsletter form's id, or 'default'): each id in use becomes a list, named after its form.
   */
  '20261125_0900_mailing_lists': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('mailing_lists')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('mailing_lists_pk', ['site_id', 'id'])
        .execute();
      await sql`
        INSERT INTO mailing_lists (site_id, id, name, created_at)
        SELECT m.site_id, m.list_id,
               COALESCE(MIN(f.name), CASE WHEN m.list_id = 'default' THEN 'Default list'
                                          ELSE m.list_id END),
               MIN(m.created_at)
          FROM mailing_list_members m
          LEFT JOIN forms f ON f.site_id = m.site_id AND f.id = m.list_id
         GROUP BY m.site_id, m.list_id`.execute(db);
    },
  },
};
