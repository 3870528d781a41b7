import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_1000_performance': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('performance_metrics')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('page_path', 'text', (c) => c.notNull())
        .addColumn('device_class', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .addColumn('rating', 'text', (c) => c.notNull())
        .addColumn('lcp_element', 'text')
        .addColumn('page_load_id', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('performance_metrics_site_time')
        .on('performance_metrics')
        .columns(['site_id', 'occurred_at'])
        .execute();
      await db.schema
        .createTable('performance_details')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('page_path', 'text', (c) => c.notNull())
        .addColumn('event_name', 'text', (c) => c.notNull())
        .addColumn('page_load_id', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('performance_details_site_time')
        .on('performance_details')
        .columns(['site_id', 'occurred_at'])
        .execute();
    },
  },
  // Retention (analytics/retention.ts) deletes by receive time across every website; the indexes above
  // lead with site_id and cannot find the oldest rows without reading them all.
  '20261124_1010_performance_time_indexes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('performance_metrics_time')
        .on('performance_metrics')
        .column('occurred_at')
        .execute();
      await db.schema
        .createIndex('performance_details_time')
        .on('performance_details')
        .column('occurred_at')
        .execute();
    },
  },
};
