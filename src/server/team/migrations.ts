import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  // Issue 16: the Team screen lists a website's unused invites.
  '20261128_0400_team_invites': {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('auth_tokens_site_invites')
        .on('auth_tokens')
        .columns(['site_id', 'purpose'])
        .execute();
    },
  },
};
