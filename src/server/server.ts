import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, randomSecret, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';
import { seedDemo } from './seed/seed-demo.js';
import { hashPassword } from './owners/passwords.js';
import { lockDataDir, type DataDirLock } from './platform/data-dir-lock.js';
import { isClusterWorker, runPrimary } from './platform/cluster.js';
import { whilePreparing } from './platform/start-lock.js';

const say = (msg: string) => process.stdout.write(`${msg}\n`);

/** Without SECRET, one is generated once and kept under DATA_DIR so sessions survive restarts. */
function ensureSecret(config: Config): Config {
  if (config.secret) return config;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomSecret(), { mode: 0o600 });
  return { ...config, secret: fs.readFileSync(file, 'utf8').trim() };
}

async function main(): Promise<void> {
  const config = ensureSecret(loadConfig());
  const dbDir = path.join(config.dataDir, 'pglite');
  const worker = isClusterWorker();
  if (!worker) {
    say(
      config.databaseUrl
        ? 'Database: PostgreSQL (DATABASE_URL)'
        : `Database: embedded PGlite at ${dbDir}`,
    );
  }
  // The demo owner's password is set again at every start when DEMO_OWNER_PASSWORD is given:
  // argon2 hashes it on libuv's threads while this one opens the database.
  const demoOwnerHash =
    config.demoOwnerPassword && !worker ? hashPassword(config.demoOwnerPassword) : undefined;
  const printReady = (port: number, ownerEmail?: string, ownerPassword?: string) => {
    // Since the process started (performance's time origin): loading the code counts too.
    const ms = Math.round(performance.now());
    say(`\nReady in ${ms} ms${config.workers > 1 ? ` (${config.workers} workers)` : ''}.`);
    say(`  Website:        http://localhost:${port}/`);
    say(`  Japanese store: http://jp.localhost:${port}/`);
    say(`  Editor:         http://localhost:${port}/config`);
    if (ownerEmail) {
      say(
        `  Sign in as ${ownerEmail}${ownerPassword ? ` with password ${ownerPassword}` : ' (password from DEMO_OWNER_PASSWORD)'}`,
      );
    }
    if (process.env.READY_FILE) fs.writeFileSync(process.env.READY_FILE, String(ms));
  };

  if (config.workers > 1 && !worker) {
    // The primary migrates and seeds once, then only supervises the workers.
    let seeded: { ownerEmail?: string | undefined; ownerPassword?: string | undefined } = {};
    await runPrimary({
      workers: config.workers,
      say,
      prepare: async () => {
        const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
        try {
          seeded = await prepareDatabase(database, config, demoOwnerHash);
        } finally {
          await database.close();
        }
      },
      onReady: (port) => printReady(port, seeded.ownerEmail, seeded.ownerPassword),
    });
    return;
  }

  // PGlite: one server per DATA_DIR (PostgreSQL takes any number of processes).
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    lock = lockDataDir(config.dataDir);
    process.on('exit', () => lock?.release());
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: dbDir,
    // Several workers share PostgreSQL's connections (100 by default).
    ...(config.workers > 1 ? { poolSize: 10 } : {}),
  });
  const seeded = worker ? {} : await prepareDatabase(database, config, demoOwnerHash);

  const { app } = await buildApp({
    config,
    database,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!worker) say(`\n${signal}: stopping…`);
    // Stop accepting, finish in-flight requests, flush batches (onClose hooks), then close the
    // database so PGlite checkpoints cleanly.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      lock?.release();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (worker) return;
  const port = (app.server.address() as { port: number }).port;
  printReady(port, seeded.ownerEmail, seeded.ownerPassword);
}

/**
 * Migrations, then the demo on first start: by the primary with WORKERS, under an advisory lock
 * on PostgreSQL so servers of several machines never prepare at the same time.
 */
async function prepareDatabase(
  database: Awaited<ReturnType<typeof openDatabase>>,
  config: Config,
  demoOwnerHash: Promise<string> | undefined,
): Promise<{ ownerEmail?: string | undefined; ownerPassword?: string | undefined }> {
  // Several machines may start at once: one prepares, the others wait and find it done.
  return whilePreparing(database, async () => {
    const applied = await migrateToLatest(database.db);
    if (applied.length) say(`Migrations applied: ${applied.length}`);
    return seedDemo({ db: database.db, config, say, demoOwnerHash });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
