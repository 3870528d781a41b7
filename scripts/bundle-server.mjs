// Bundles the server's two entry points — the process (src/server/main.ts) and the ingest worker
// thread (src/server/performance/ingest-worker.ts) — into dist/server/main.js and
// dist/server/ingest-worker.js, over tsc's files of the same name. Why: loading the server as
// ~350 of our modules plus every package's own files cost about a second of start-up (module
// resolution, file reads, compiling each module) — half the 2 s start-to-listening budget. One
// file loads in well under half that. tsc still type-checks and emits dist/server/** (the
// bundle's worker is found next to main.js: ingest.ts resolves it from its own import.meta.url,
// which in the bundle is main.js's).
//
// Kept out of the bundle: packages with native code or files they locate from their own path
// (PGlite's wasm and data, sharp, argon2, pg's optional native binding, and pino, whose log
// transports start worker threads from files next to its own). CLDR's locale packs are
// read from node_modules (render/cldr.ts resolves the package's folder), so CLDR's code bundles.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts', 'src/server/performance/ingest-worker.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg-native', 'pino'],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // Whitespace and syntax only: identifiers keep their names, so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
