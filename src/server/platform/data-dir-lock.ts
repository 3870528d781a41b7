import fs from 'node:fs';
import path from 'node:path';

/** The lock file's name inside the PGlite directory's parent (DATA_DIR). */
export const LOCK_FILE = 'server.lock';

export interface DataDirLock {
  file: string;
  release(): void;
}

/**
 * Makes this process the only server on a PGlite DATA_DIR. PGlite is an embedded database: two
 * processes opening one directory each believe they own it, and one's writes overwrite the
 * other's (acknowledged cart adds vanished). The lock file holds the holder's pid; a lock whose
 * pid is no longer running (a crash, kill -9) is stale and taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o644 });
      return {
        file,
        release: () => {
          // Only our own lock: a lock taken over after we were presumed dead is not ours.
          if (readPid(file) === pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readPid(file);
    if (holder !== undefined && holder !== pid && isRunning(holder)) {
      throw new Error(
        `Another server (pid ${holder}) is already using DATA_DIR ${dataDir}. ` +
          'The embedded PGlite database serves one process only: stop that server, give this ' +
          'one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several processes. ' +
          `(If no such server runs, delete ${file}.)`,
      );
    }
    // Stale (its process is gone) or unreadable (a holder that died while writing it): take over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another server keeps taking it.`);
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
