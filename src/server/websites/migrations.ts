import { sql, type Kysely, type Migration } from 'kysely';

/** Issue 16's websites: deletion with a grace period, custom domains, host hand-offs. */
export const migrations: Record<string, Migration> = {
  '20261128_0500_websites': {
    async up(db: Kysely<any>) {
      // Set when an owner deletes the website: it stops serving and is purged at this time.
      await db.schema.alterTable('sites').addColumn('deleting_on', 'timestamptz').execute();
      // The host is the key: two websites can never claim one domain, whatever the race.
      await db.schema
        .createTable('site_domains')
        .addColumn('host', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('site_domains_site')
        .on('site_domains')
        .column('site_id')
        .execute();
      await db.schema
        .createTable('website_handoffs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
    },
  },
};
