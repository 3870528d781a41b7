import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { loadConfig } from '../config.js';
import { spawnServer, tempDataDir, type SpawnedServer } from '../testing/spawn-server.js';

describe('PGlite stays single-process: the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = tempDataDir();
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('holds the pid; a second holder is refused while the first runs', async () => {
    const d = dir();
    // A live process other than this one holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const held = lockDataDir(d, other.pid!);
      expect(fs.readFileSync(held.file, 'utf8').trim()).toBe(String(other.pid));
      expect(() => lockDataDir(d)).toThrow(
        `Another server (pid ${other.pid}) is already using DATA_DIR ${d}`,
      );
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock whose process is gone, and releases only its own', async () => {
    const d = dir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    fs.writeFileSync(path.join(d, LOCK_FILE), `${gone.pid}\n`);
    const lock = lockDataDir(d);
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    // An unreadable lock (a holder that died mid-write) is stale too.
    fs.writeFileSync(path.join(d, LOCK_FILE), '');
    lockDataDir(d).release();
  });

  it('WORKERS > 1 without DATABASE_URL is refused with a clear message', () => {
    expect(() => loadConfig({ WORKERS: '4' })).toThrow(
      'WORKERS=4 needs PostgreSQL: the embedded PGlite database serves one process only. Set DATABASE_URL, or run with WORKERS=1.',
    );
    expect(() => loadConfig({ WORKERS: '0' })).toThrow("WORKERS must be 1 or more, got '0'");
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://x/y' }).workers).toBe(4);
    expect(loadConfig({}).workers).toBe(1);
  });
});

describe('PGlite stays single-process: real servers', () => {
  const servers: SpawnedServer[] = [];
  const dataDir = tempDataDir();
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a second server on the same DATA_DIR refuses to start; after kill -9 of the first, a new one starts', async () => {
    const first = await spawnServer({}, { dataDir });
    servers.push(first);
    const second = await spawnServer({}, { dataDir, waitReady: false });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another server (pid ${first.child.pid}) is already using DATA_DIR ${dataDir}`,
    );
    // The first one was not disturbed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    const third = await spawnServer({}, { dataDir });
    servers.push(third);
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    // A clean stop removes the lock.
    expect(await third.kill('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 420_000);

  it('WORKERS=2 without DATABASE_URL exits at once with the message', async () => {
    const s = await spawnServer({ WORKERS: '2' }, { waitReady: false });
    servers.push(s);
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('WORKERS=2 needs PostgreSQL');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }, 60_000);
});
