import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The server process (the primary with WORKERS=N). */
  pid: number;
  port: number;
  dataDir: string;
  output: () => string;
  /** SIGTERM, wait for exit, remove the data directory unless it was given. */
  stop: () => Promise<void>;
  /** Sends a signal and waits for the exit code (data directory kept). */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the built server (`dist/server/main.js`, as `npm start` does) on a free port with its
 * own data directory, and waits until it listens. Uses PGlite unless `env.DATABASE_URL` is given.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const readyFile = path.join(dataDir, 'ready');
  fs.rmSync(readyFile, { force: true });
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_OWNER_PASSWORD: 'demo-password',
      LOG_LEVEL: 'warn',
      READY_FILE: readyFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // Generous: a fresh start migrates and seeds, which takes minutes on a loaded 2-core machine.
  const deadline = Date.now() + 200_000;
  while (!fs.existsSync(readyFile)) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 200 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://localhost:${port}`,
    pid: child.pid!,
    port,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async (signal) => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      return exited;
    },
  };
}
