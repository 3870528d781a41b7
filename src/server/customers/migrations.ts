import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  // Issue 14: customer accounts (passwordless), their sessions and saved addresses. Sign-in
  // codes and links live in owners' `auth_tokens` (purposes customer-code / customer-link).
  '20261128_0111_customers': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cart_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_sign_in_at', 'timestamptz')
        .addUniqueConstraint('customers_site_email', ['site_id', 'email'])
        .execute();
      await db.schema
        .createTable('customer_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) =>
          c.notNull().references('customers.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customer_sessions_customer')
        .on('customer_sessions')
        .column('customer_id')
        .execute();
      await db.schema
        .createTable('customer_addresses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) =>
          c.notNull().references('customers.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('address', 'jsonb', (c) => c.notNull())
        .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`CREATE UNIQUE INDEX customer_addresses_one_default ON customer_addresses (customer_id) WHERE is_default`.execute(
        db,
      );
    },
  },
};
