import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import type { DatabaseHandle } from '../../db/database.js';
import { insertTestSite } from '../../testing/site-fixtures.js';
import { VERSIONS_KEPT } from '../../../shared/content/versions-api.js';
import { assertNotLockedByOther, dropLocks, readLock, releaseLock, takeLock } from './locks.js';
import { deleteVersions, findVersion, listVersions, recordVersion } from './versions.js';

describeEachBackend('content versions and edit locks', (kind) => {
  let h: DatabaseHandle;
  const ann = { ownerId: 'o-ann', displayName: 'Ann' };
  const bob = { ownerId: 'o-bob', displayName: 'Bob' };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 's1', slug: 'demo' });
    await insertTestSite(h.db, { id: 's2', slug: 'other' });
  }, 120_000);
  afterAll(async () => h?.close(), 120_000);

  const record = (targetId: string, label: string, author = ann, doc: object = { label }) =>
    recordVersion(h.db, { siteId: 's1', kind: 'pages', targetId, doc, label, author });

  it("coalesces one author's quick saves, keeps every publish, and the newest 50", async () => {
    expect(await record('p1', 'Saved', ann, { title: 'a' })).toBe(1);
    expect(await record('p1', 'Saved', ann, { title: 'b' })).toBe(1);
    expect(await record('p1', 'Saved', bob, { title: 'c' })).toBe(2);
    expect(await record('p1', 'Published')).toBe(3);
    expect(await record('p1', 'Published')).toBe(4);
    const list = await listVersions(h.db, 's1', 'pages', 'p1');
    expect(list.map((v) => [v.n, v.label, v.author])).toEqual([
      [4, 'Published', 'Ann'],
      [3, 'Published', 'Ann'],
      [2, 'Saved', 'Bob'],
      [1, 'Saved', 'Ann'],
    ]);
    expect((await findVersion(h.db, 's1', 'pages', 'p1', 1))!.doc).toEqual({ title: 'b' });
    // Another website cannot read it.
    expect(await findVersion(h.db, 's2', 'pages', 'p1', 1)).toBeUndefined();

    for (let i = 0; i < VERSIONS_KEPT + 5; i++) await record('p2', 'Published');
    const kept = await listVersions(h.db, 's1', 'pages', 'p2');
    expect(kept).toHaveLength(VERSIONS_KEPT);
    expect(kept.at(-1)!.n).toBe(6);
    await deleteVersions(h.db, 'pages', 'p2');
    expect(await listVersions(h.db, 's1', 'pages', 'p2')).toEqual([]);
  });

  it('holds a lock for one owner, refuses the other, and lets it lapse or go', async () => {
    const args = { siteId: 's1', kind: 'pages' as const, targetId: 'p9' };
    expect((await takeLock(h.db, { ...args, owner: ann })).mine).toBe(true);
    const seen = await takeLock(h.db, { ...args, owner: bob });
    expect(seen).toMatchObject({ mine: false, holder: { ownerId: 'o-ann', name: 'Ann' } });
    await expect(assertNotLockedByOther(h.db, { ...args, ownerId: 'o-bob' })).rejects.toMatchObject(
      {
        code: 'CONTENT_LOCKED',
      },
    );
    await assertNotLockedByOther(h.db, { ...args, ownerId: 'o-ann' });
    // Bob cannot release Ann's lock; a lapsed one is free for him.
    await releaseLock(h.db, { ...args, ownerId: 'o-bob' });
    expect((await readLock(h.db, { ...args, ownerId: 'o-bob' })).holder?.name).toBe('Ann');
    await h.db
      .updateTable('content_locks')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target_id', '=', 'p9')
      .execute();
    expect((await readLock(h.db, { ...args, ownerId: 'o-bob' })).holder).toBeNull();
    expect((await takeLock(h.db, { ...args, owner: bob })).mine).toBe(true);
    await releaseLock(h.db, { ...args, ownerId: 'o-bob' });
    expect((await readLock(h.db, { ...args, ownerId: 'o-ann' })).holder).toBeNull();
    await takeLock(h.db, { ...args, owner: ann });
    await dropLocks(h.db, 'pages', 'p9');
    expect((await readLock(h.db, { ...args, ownerId: 'o-ann' })).holder).toBeNull();
  });
});
