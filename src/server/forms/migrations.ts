import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0600_forms': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('forms')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .defaultTo('form')
            .check(sql`kind IN ('form', 'newsletter', 'product')`),
        )
        .addColumn('fields', 'jsonb', (c) => c.notNull())
        .addColumn('submission_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('disclaimer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('success_redirect', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('post_submit_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('submit_label', 'text', (c) => c.notNull().defaultTo('Submit'))
        .addColumn('captcha_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('forms_pk', ['site_id', 'id'])
        .execute();
      await db.schema
        .createTable('form_submission_keys')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('form_submission_keys_expires')
        .on('form_submission_keys')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('form_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('form_id', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('page_context', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addForeignKeyConstraint(
          'form_submissions_form',
          ['site_id', 'form_id'],
          'forms',
          ['site_id', 'id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('form_submissions_by_form')
        .on('form_submissions')
        .columns(['site_id', 'form_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('captcha_used')
        .addColumn('signature', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  /**
   * The form builder (issue 12): per-form notification settings, the mailing list of newsletter
   * forms (each gets the list its members already had: list id = form id), read flags for the
   * inbox, and the outgoing webhook with its delivery log.
   */
  '20261125_0910_forms_builder': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('forms')
        .addColumn('mailing_list_id', 'text')
        .addColumn('notification_emails', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('email_subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('webhook_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('webhook_secret', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`
        INSERT INTO mailing_lists (site_id, id, name, created_at)
        SELECT site_id, id, name, (extract(epoch from created_at) * 1000)::bigint
          FROM forms WHERE kind = 'newsletter'
        ON CONFLICT (site_id, id) DO NOTHING`.execute(db);
      await sql`UPDATE forms SET mailing_list_id = id WHERE kind = 'newsletter'`.execute(db);
      await db.schema.alterTable('form_submissions').addColumn('read_at', 'bigint').execute();
      await db.schema
        .createTable('form_webhook_attempts')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('form_id', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('submission_id', 'text')
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('ok', 'boolean', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addForeignKeyConstraint(
          'form_webhook_attempts_form',
          ['site_id', 'form_id'],
          'forms',
          ['site_id', 'id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('form_webhook_attempts_by_form')
        .on('form_webhook_attempts')
        .columns(['site_id', 'form_id', 'id'])
        .execute();
    },
  },
};
