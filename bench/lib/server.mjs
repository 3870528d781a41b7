// Starts the built server for benchmarks (as `npm start` runs it) and waits until it listens.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * @param {{ env?: Record<string,string>, dataDir?: string }} opts
 * @returns {Promise<{ url: string, port: number, dataDir: string, readyMs: number, wallMs: number, stop: () => Promise<void> }>}
 */
export async function startServer(opts = {}) {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const readyFile = path.join(dataDir, `ready-${port}`);
  fs.rmSync(readyFile, { force: true });
  let out = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_OWNER_PASSWORD: 'demo-password',
      LOG_LEVEL: 'warn',
      READY_FILE: readyFile,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(readyFile)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const wallMs = performance.now() - t0;
  const readyMs = Number(fs.readFileSync(readyFile, 'utf8'));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    readyMs,
    wallMs,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
