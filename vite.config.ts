import { defineConfig } from 'vite';

/**
 * Browser bundles: the island loader (entry) code-splits one chunk per island; the telemetry
 * scripts are separate entries loaded after the page. Output names carry content hashes and a
 * manifest the server reads to link them (src/server/render/assets.ts).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/public',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    sourcemap: true,
    rollupOptions: {
      input: {
        islands: 'src/browser/islands/main.ts',
      },
    },
  },
  esbuild: { jsx: 'automatic' },
});
