import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's root (the folder with its package.json): themes/, demo/, schemas/ and dist/public
 * live there. Found by walking up from this module rather than by a fixed number of `..`, because
 * the module sits at different depths in src/server (tests, `npm run dev`), tsc's dist/server and
 * the start bundle (dist/server/main.js, see scripts/bundle-server.mjs).
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
