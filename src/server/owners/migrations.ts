import { sql, type Kysely, type Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '20261122_0110_owners': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('owners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('site_roles')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) =>
          c.notNull().references('owners.id').onDelete('cascade'),
        )
        .addColumn('role', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_roles_pk', ['site_id', 'owner_id'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) =>
          c.notNull().references('owners.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  // Issue 16: verified emails, two-step sign-in, and single-use mailed tokens (verify, reset,
  // invite). Owners from before sign-up existed count as verified.
  '20261128_0100_owners_accounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('owners')
        .addColumn('email_verified_at', 'timestamptz')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enabled_at', 'timestamptz')
        .addColumn('recovery_code_hashes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('last_totp_step', 'bigint')
        .execute();
      await sql`UPDATE owners SET email_verified_at = created_at`.execute(db);
      await db.schema
        .createTable('auth_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.references('owners.id').onDelete('cascade'))
        .addColumn('site_id', 'text', (c) => c.references('sites.id').onDelete('cascade'))
        .addColumn('role', 'integer')
        .addColumn('created_by', 'text', (c) => c.references('owners.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('auth_tokens_purpose_email')
        .on('auth_tokens')
        .columns(['purpose', 'email'])
        .execute();
    },
  },
};
