import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Browser bundles. `islands` (the loader) code-splits one chunk per island; React and ReactDOM go
 * into one shared `react` chunk so every island reuses the same copy and the browser caches it
 * across pages. `telemetry` is a separate entry loaded after the page (src/server/render/assets.ts
 * links both from the manifest). Names carry content hashes: /assets/* is served immutable.
 */
const input: Record<string, string> = { islands: 'src/browser/islands/main.ts' };
// Entries other parts own are built once their file exists, so the build never breaks in between:
// telemetry (loaded after the page), and the owner's dashboard at /config
// (src/server/owners/config-home.ts links it; never on storefront pages).
const optionalEntries: Record<string, string> = {
  telemetry: 'src/browser/telemetry/main.ts',
  editor: 'src/browser/editor/main.tsx',
};
for (const [name, file] of Object.entries(optionalEntries)) {
  if (fs.existsSync(file)) input[name] = file;
}

/**
 * Writes `.br` and `.gz` beside every built script and stylesheet, once at build time, at the
 * highest levels: the server's static handler (`preCompressed`) sends them as they are, so no
 * request pays for compression and React travels at ~60 KB instead of ~220 KB.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/public';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file) || file.includes('.vite/')) continue;
        const full = path.join(dir, file);
        const data = fs.readFileSync(full);
        if (data.length < 256) continue;
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The browser runs the islands on preact/compat: React 19's client alone is ~68 KB gzip, over the
 * whole product page's 70 KB budget, while preact/compat hydrates the same components (the server
 * still renders them with react-dom/server) for ~10 KB. `BROWSER_RUNTIME=react` builds with React
 * for comparison. docs/decisions.md has the reasoning.
 */
const usePreact = process.env.BROWSER_RUNTIME !== 'react';
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  mode: 'production',
  plugins: [precompress()],
  resolve: { alias: usePreact ? preactAliases : [] },
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
      // Reading a property of our own plain objects has no side effects: without this, each
      // `message: Messages.X` of the error registry stays behind as a bare read once the registry
      // is shaken out, and keeps every text (owner-only ones too) in every visitor page's chunk.
      treeshake: { propertyReadSideEffects: false },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
