import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0900_analytics': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('analytics_hits')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('visitor_id', 'text')
        .addColumn('visit_number', 'integer', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('referrer', 'text')
        .addColumn('device_class', 'text', (c) => c.notNull())
        .addColumn('is_bot', 'boolean', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('page_type', 'integer')
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('analytics_hits_site_time')
        .on('analytics_hits')
        .columns(['site_id', 'occurred_at'])
        .execute();
      await db.schema
        .createTable('analytics_events')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('analytics_events_site_name_time')
        .on('analytics_events')
        .columns(['site_id', 'name', 'occurred_at'])
        .execute();
      await db.schema
        .createTable('script_errors')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('stack', 'text')
        .addColumn('page_url', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('script_errors_site_time')
        .on('script_errors')
        .columns(['site_id', 'occurred_at'])
        .execute();
    },
  },
  // Retention (retention.ts) deletes by receive time across every website; the indexes above
  // lead with site_id and cannot find the oldest rows without reading them all.
  '20261124_0910_analytics_time_indexes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('analytics_hits_time')
        .on('analytics_hits')
        .column('occurred_at')
        .execute();
      await db.schema
        .createIndex('analytics_events_time')
        .on('analytics_events')
        .column('occurred_at')
        .execute();
      await db.schema
        .createIndex('script_errors_time')
        .on('script_errors')
        .column('occurred_at')
        .execute();
    },
  },
};
