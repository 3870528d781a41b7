import { describe, expect, it } from 'vitest';
import { CacheRegistry, VersionedCache } from './versioned-cache.js';

describe('VersionedCache', () => {
  it('bounds entries oldest first, counts hits and misses', () => {
    const c = new VersionedCache<number>({ name: 't', maxEntries: 2 });
    c.set('s1|a', 1);
    c.set('s1|b', 2);
    c.set('s1|c', 3);
    expect(c.get('s1|a')).toBeUndefined();
    expect(c.get('s1|c')).toBe(3);
    expect([c.hits, c.misses]).toEqual([1, 1]);
  });

  it('expires entries after ttlMs on the injected clock', () => {
    let t = 1000;
    const c = new VersionedCache<string>({ name: 't', ttlMs: 100, now: () => t });
    c.set('k', 'v');
    t += 99;
    expect(c.get('k')).toBe('v');
    t += 1;
    expect(c.get('k')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('memo loads once for concurrent callers and forgets failures', async () => {
    const c = new VersionedCache<Promise<number>>({ name: 't' });
    let loads = 0;
    const load = async () => ++loads;
    const [x, y] = await Promise.all([c.memo('k', load), c.memo('k', load)]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    await expect(c.memo('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await c.memo('bad', load)).toBe(2);
  });

  it('the registry drops one website in every cache, and runs its hooks', () => {
    const reg = new CacheRegistry();
    const one = reg.register(new VersionedCache<number>({ name: 'one' }));
    const two = reg.register(new VersionedCache<number>({ name: 'two' }));
    const seen: (string | undefined)[] = [];
    reg.onDrop((s) => seen.push(s));
    one.set('s1|x', 1);
    one.set('s10|x', 1);
    two.set('s1|y', 1);
    reg.dropSite('s1');
    expect([one.size, two.size]).toEqual([1, 0]);
    reg.clear();
    expect(one.size).toBe(0);
    expect(seen).toEqual(['s1', undefined]);
    expect(reg.list().map((c) => c.opts.name)).toEqual(['one', 'two']);
  });
});
