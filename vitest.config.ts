import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // A test that takes seconds alone took over 30 s with load average 20 (other suites, browsers).
    testTimeout: 120_000,
    // Sized for a loaded 2-core machine: a beforeAll that migrates and seeds PGlite (or
    // PostgreSQL) can take minutes while other suites run (issue 11).
    hookTimeout: 240_000,
    // PGlite instances are memory-hungry WASM; two workers match the two cores.
    maxWorkers: 2,
  },
});
