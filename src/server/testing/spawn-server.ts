import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.js';

/**
 * A real server process started from the sources (`src/server/main.ts` through tsx, so no build
 * is needed), for tests about processes: locks, workers, signals. e2e/server.ts does the same
 * with the built bundle.
 */
export interface SpawnedServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends a signal and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<number | string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'site-proc-'));
}

/**
 * Starts the server; resolves once it wrote its ready file, or (`waitReady: false`) at once.
 * Throws with the output when it exits before it is ready.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { dataDir?: string; port?: number; waitReady?: boolean; timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDataDir();
  const readyFile = path.join(dataDir, `ready-${port}-${Math.random().toString(36).slice(2)}`);
  let out = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_OWNER_PASSWORD: 'demo-password',
        SECRET: 'spawned-test-secret',
        LOG_LEVEL: 'warn',
        READY_FILE: readyFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const server: SpawnedServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output: () => out,
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (opts.waitReady === false) return server;
  // Migrating and seeding under tsx takes minutes on a loaded 2-core machine.
  const deadline = Date.now() + (opts.timeoutMs ?? 200_000);
  while (!fs.existsSync(readyFile)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** Polls `check` until it returns a value other than undefined, or throws at the deadline. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
