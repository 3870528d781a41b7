import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { allMigrations } from '../db/migrations.js';
import { migrateToLatest } from '../db/migrate.js';

/** Named lists came after members: each list id in use must become a list, members kept. */
// PGlite only: the migration's SQL is the same on PostgreSQL, which the suites run it on too.
describe('mailing lists migration', () => {
  let h: DatabaseHandle | undefined;
  afterAll(async () => h?.close());

  it('turns every list id in use into a named list and connects newsletter forms', async () => {
    h = await openDatabase({});
    const before = Object.fromEntries(
      Object.entries(allMigrations).filter(([name]) => name < '20261125_0900'),
    );
    const provider: MigrationProvider = {
      getMigrations: async () => before as Record<string, Migration>,
    };
    const result = await new Migrator({
      db: h.db,
      provider,
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    expect(result.error).toBeUndefined();
    await h.db
      .insertInto('sites')
      .values({ id: 's1', slug: 's1', domain: null, title: 'S', settings: '{}' as never })
      .execute();
    await h.db
      .insertInto('forms' as never)
      .values({
        site_id: 's1',
        id: 'form-news',
        name: 'Weekly news',
        kind: 'newsletter',
        fields: '[]',
      } as never)
      .execute();
    const member = (list: string, email: string) => ({
      site_id: 's1',
      list_id: list,
      email,
      unsubscribe_token: `${list}-${email}`,
      created_at: 1,
      unsubscribed_at: null,
    });
    await h.db
      .insertInto('mailing_list_members')
      .values([
        member('form-news', 'a@x.io'),
        member('form-news', 'b@x.io'),
        member('default', 'c@x.io'),
      ])
      .execute();

    await migrateToLatest(h.db);
    const lists = await h.db
      .selectFrom('mailing_lists')
      .select(['id', 'name'])
      .orderBy('id')
      .execute();
    expect(lists).toEqual([
      { id: 'default', name: 'Default list' },
      { id: 'form-news', name: 'Weekly news' },
    ]);
    const form = await h.db.selectFrom('forms').select('mailing_list_id').executeTakeFirstOrThrow();
    expect(form.mailing_list_id).toBe('form-news');
    const members = await h.db.selectFrom('mailing_list_members').select('email').execute();
    expect(members).toHaveLength(3);
  });
});
