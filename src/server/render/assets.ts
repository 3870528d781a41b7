import fs from 'node:fs';
import path from 'node:path';
import { islandStyleSheets } from '../../browser/islands/island-styles.js';

/** One entry of Vite's `.vite/manifest.json`. */
interface ManifestEntry {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
}

/** The browser files a page links: the island loader, its CSS, and the telemetry entry. */
export interface PageAssets {
  /** `/assets/islands-….js`, loaded as an async module; undefined when not built. */
  islandsScript: string | undefined;
  /** `/assets/telemetry-….js`, loaded after the `load` event; undefined when not built. */
  telemetryScript: string | undefined;
  /** Stylesheets the island entry imports (hashed, immutable). */
  styles: string[];
  /** The markup for `<head>` and the end of `<body>`, built once. */
  headHtml: string;
  bodyEndHtml: string;
}

/**
 * Reads the manifest once at startup (the files are immutable until the next build). A missing
 * manifest (unit tests, server-only builds) gives pages without scripts rather than an error.
 */
export function loadPageAssets(publicDir: string): PageAssets {
  let manifest: Record<string, ManifestEntry> = {};
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(publicDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestEntry>;
  } catch {
    manifest = {};
  }
  const entry = (name: string) => Object.values(manifest).find((e) => e.isEntry && e.name === name);
  const islands = entry('islands');
  const telemetry = entry('telemetry');
  const islandsScript = islands ? `/${islands.file}` : undefined;
  const telemetryScript = telemetry ? `/${telemetry.file}` : undefined;
  const styles = (islands?.css ?? []).map((f) => `/${f}`);
  return {
    islandsScript,
    telemetryScript,
    styles,
    headHtml: buildHead(islandsScript, styles),
    bodyEndHtml: buildBodyEnd(telemetryScript),
  };
}

function buildHead(islandsScript: string | undefined, styles: string[]): string {
  let html = '';
  for (const href of styles) html += `<link rel="stylesheet" href="${href}">`;
  // Island sheets inline: styled before hydration, no layout shift when it happens (a few KB).
  for (const sheet of islandStyleSheets) html += `<style id="${sheet.id}">${sheet.css}</style>`;
  // async module: never blocks parsing or rendering; islands hydrate when it arrives.
  if (islandsScript) html += `<script type="module" async src="${islandsScript}"></script>`;
  return html;
}

function buildBodyEnd(telemetryScript: string | undefined): string {
  if (!telemetryScript) return '';
  // Telemetry waits for `load` so it never competes with the page's own resources.
  const src = JSON.stringify(telemetryScript);
  return `<script type="module">const l=()=>import(${src});document.readyState==='complete'?l():addEventListener('load',l,{once:true});</script>`;
}
