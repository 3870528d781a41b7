import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module next to the caller, given without its extension. Built,
 * that is `name.js` in dist/. Under vitest or tsx the caller is TypeScript source and so is the
 * worker; Node cannot load `.ts` (nor its `.js` import specifiers) by itself, so the thread
 * first registers tsx's loader (a dev dependency, never reached from dist/).
 */
export function startModuleWorker(
  callerUrl: string,
  name: string,
  options: Omit<WorkerOptions, 'eval'>,
): Worker {
  const ext = callerUrl.endsWith('.ts') ? '.ts' : '.js';
  const file = new URL(`./${name}${ext}`, callerUrl);
  if (ext === '.js') return new Worker(file, options);
  const tsxApi = tsxEsmApi(callerUrl);
  const boot = `import(${JSON.stringify(tsxApi)})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * tsx's `esm/api` as an ES module file URL. `require.resolve` would pick its CommonJS build,
 * whose `register()` resolves its own loader wrongly when imported; the package's `import`
 * export is the one that works.
 */
function tsxEsmApi(callerUrl: string): string {
  const manifest = createRequire(callerUrl).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const file = pkg.exports['./esm/api']!.import.default;
  return pathToFileURL(path.join(path.dirname(manifest), file)).href;
}
