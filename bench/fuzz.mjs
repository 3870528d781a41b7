// The long fuzz run (issue 11's target: 0 × 5xx in ≥ 20,000 requests): the same suite as
// `npm test` (src/server/fuzz/routes.fuzz.test.ts) with FUZZ_RUNS requests per route, on PGlite,
// and on PostgreSQL too when DATABASE_URL is set. `node bench/fuzz.mjs [runs-per-route]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = process.argv[2] ?? '350';
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'src/server/fuzz/routes.fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs },
});
console.log(`fuzz: ${runs} requests per route, ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
