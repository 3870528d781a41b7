import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import type { ContextDeps } from './context/context-deps.js';
import { ReadMemo } from './read-memo.js';

/** Readers that count their calls and answer fresh objects, as the database would. */
function countingDeps() {
  const calls: string[] = [];
  let failNext = false;
  const deps = {
    db: {} as Db,
    blockProps: {},
    catalog: {
      loadProducts: async (_db: Db, siteId: string, ids: string[]) => {
        calls.push(`products ${siteId} ${ids.join(',')}`);
        return new Map(ids.map((id) => [id, { id, variants: [{ sku: 'A' }] }]));
      },
      loadMerchandising: async (_db: Db, site: { id: string }, ids: string[]) => {
        calls.push(`merch ${site.id} ${ids.join(',')}`);
        return new Map();
      },
      relatedItemIds: async () => [],
      addOnItemIds: async () => [],
      unlistedItemIds: async () => ({ draft: [], hidden: [] }),
    },
    content: {
      findItem: async (_db: Db, siteId: string, collectionId: string, urlId: string) => {
        calls.push(`item ${siteId} ${collectionId} ${urlId}`);
        if (failNext) {
          failNext = false;
          throw new Error('connection lost');
        }
        return { id: `${urlId}-id`, title: 'Mug' };
      },
      findItemsByIds: async () => [],
      findAssets: async (_db: Db, siteId: string, ids: Iterable<string>) => {
        calls.push(`assets ${siteId} ${[...ids].join(',')}`);
        return new Map();
      },
      listItems: async () => ({ rows: [], hasMore: false }),
      searchItems: async (_db: Db, siteId: string, text: string) => {
        calls.push(`search ${siteId} ${text}`);
        return { rows: [], hasMore: false };
      },
    },
  } as unknown as ContextDeps;
  return { deps, calls, failOnce: () => (failNext = true) };
}

describe('ReadMemo', () => {
  it('reads once per content version and arguments', async () => {
    const { deps, calls } = countingDeps();
    const memo = new ReadMemo();
    const v1 = memo.depsFor('s1|4.0', deps);
    const a = await v1.content.findItem(deps.db, 's1', 'shop', 'mug');
    const b = await memo.depsFor('s1|4.0', deps).content.findItem(deps.db, 's1', 'shop', 'mug');
    expect(b).toBe(a);
    await v1.content.findItem(deps.db, 's1', 'shop', 'bowl');
    await memo.depsFor('s1|5.0', deps).content.findItem(deps.db, 's1', 'shop', 'mug');
    expect(calls).toEqual(['item s1 shop mug', 'item s1 shop bowl', 'item s1 shop mug']);
  });

  it('keys websites by id and id sets by their members', async () => {
    const { deps, calls } = countingDeps();
    const memo = new ReadMemo();
    const r = memo.depsFor('s1|1.0', deps);
    const site = { id: 's1', content_version: 1, title: 'A' } as never;
    await r.catalog.loadMerchandising(deps.db, site, ['i1']);
    await r.catalog.loadMerchandising(deps.db, { ...(site as object), title: 'B' } as never, [
      'i1',
    ]);
    await r.content.findAssets(deps.db, 's1', new Set(['a1', 'a2']));
    await r.content.findAssets(deps.db, 's1', ['a1', 'a2']);
    expect(calls).toEqual(['merch s1 i1', 'assets s1 a1,a2']);
  });

  it('forgets a website on dropSite, and failed reads at once', async () => {
    const { deps, calls, failOnce } = countingDeps();
    const memo = new ReadMemo();
    const r = memo.depsFor('s1|1.0', deps);
    const other = memo.depsFor('s10|1.0', deps);
    await r.catalog.loadProducts(deps.db, 's1', ['i1']);
    await other.catalog.loadProducts(deps.db, 's10', ['i1']);
    memo.dropSite('s1');
    await r.catalog.loadProducts(deps.db, 's1', ['i1']);
    await other.catalog.loadProducts(deps.db, 's10', ['i1']);
    expect(calls).toEqual(['products s1 i1', 'products s10 i1', 'products s1 i1']);

    failOnce();
    await expect(r.content.findItem(deps.db, 's1', 'shop', 'cup')).rejects.toThrow('lost');
    await expect(r.content.findItem(deps.db, 's1', 'shop', 'cup')).resolves.toMatchObject({
      title: 'Mug',
    });
  });

  it('never memoizes search, whose queries are whatever visitors type', async () => {
    const { deps, calls } = countingDeps();
    const r = new ReadMemo().depsFor('s1|1.0', deps);
    await r.content.searchItems(deps.db, 's1', 'mug', { offset: 0, limit: 20 });
    await r.content.searchItems(deps.db, 's1', 'mug', { offset: 0, limit: 20 });
    expect(calls).toEqual(['search s1 mug', 'search s1 mug']);
  });

  it('freezes what it shares outside production, so a mutation fails in tests', async () => {
    const { deps } = countingDeps();
    const r = new ReadMemo(true).depsFor('s1|1.0', deps);
    const products = await r.catalog.loadProducts(deps.db, 's1', ['i1']);
    const p = products.get('i1') as unknown as { id: string; variants: { sku: string }[] };
    expect(() => {
      p.variants[0]!.sku = 'B';
    }).toThrow(TypeError);
    const open = new ReadMemo(false).depsFor('s1|1.0', deps);
    const q = (await open.catalog.loadProducts(deps.db, 's1', ['i1'])).get('i1') as unknown as {
      id: string;
    };
    expect(Object.isFrozen(q)).toBe(false);
  });
});
