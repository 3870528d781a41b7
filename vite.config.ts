import fs from 'node:fs';
import { defineConfig } from 'vite';

/**
 * Browser bundles. `islands` (the loader) code-splits one chunk per island; React and ReactDOM go
 * into one shared `react` chunk so every island reuses the same copy and the browser caches it
 * across pages. `telemetry` is a separate entry loaded after the page (src/server/render/assets.ts
 * links both from the manifest). Names carry content hashes: /assets/* is served immutable.
 */
const input: Record<string, string> = { islands: 'src/browser/islands/main.ts' };
// The telemetry entry belongs to the telemetry part; it is built once it exists.
if (fs.existsSync('src/browser/telemetry/main.ts'))
  input.telemetry = 'src/browser/telemetry/main.ts';

export default defineConfig({
  mode: 'production',
  publicDir: false,
  build: {
    outDir: 'dist/public',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    // Class fields and top-level await stay native: every browser with module scripts we serve has them.
    target: 'es2022',
    minify: true,
    sourcemap: true,
    // Every browser we serve knows modulepreload; the polyfill would only grow the loader.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input,
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
