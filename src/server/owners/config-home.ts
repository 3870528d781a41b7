import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../shared/html.js';
import { roleNames } from '../../shared/role-names.js';
import type { Site } from '../sites/site-queries.js';
import type { OwnerSession } from './session-service.js';

/** One entry of Vite's `.vite/manifest.json` (the fields the shell needs). */
interface ManifestEntry {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

/** The `editor` Vite entry: its script, the chunks it imports at once, and its stylesheets. */
export interface EditorAssets {
  script: string | undefined;
  preloads: string[];
  styles: string[];
}

const assetsByDir = new Map<string, EditorAssets>();

/**
 * Reads the manifest once per public directory: the hashed files never change until the next
 * build, which restarts the server. A missing manifest (unit tests, server-only builds) gives a
 * shell without the app rather than an error. `render/assets.ts` only knows the storefront's
 * entries, hence this small reader of our own.
 */
export function editorAssets(publicDir: string): EditorAssets {
  const cached = assetsByDir.get(publicDir);
  if (cached) return cached;
  let manifest: Record<string, ManifestEntry> = {};
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(publicDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestEntry>;
  } catch {
    manifest = {};
  }
  const entry = Object.values(manifest).find((e) => e.isEntry && e.name === 'editor');
  const preloads: string[] = [];
  const styles = new Set(entry?.css ?? []);
  // Static imports are fetched by the browser only after it parsed the entry: preloading them
  // saves a round trip on every dashboard load (the shared React chunk is the big one).
  const seen = new Set<string>();
  const walk = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      preloads.push(`/${chunk.file}`);
      for (const css of chunk.css ?? []) styles.add(css);
      walk(chunk.imports);
    }
  };
  walk(entry?.imports);
  const assets: EditorAssets = {
    script: entry ? `/${entry.file}` : undefined,
    preloads,
    styles: [...styles].map((f) => `/${f}`),
  };
  assetsByDir.set(publicDir, assets);
  return assets;
}

/** What the app starts with, so its first paint needs no request (read by `editor/boot.ts`). */
export interface EditorBootJson {
  siteId: string;
  siteTitle: string;
  email: string;
  displayName: string | null;
  roles: number[];
  roleLabel: string;
}

/** JSON inside `<script type="application/json">`: `<` escaped so nothing can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The owner's dashboard shell: the `editor` bundle plus a server-rendered header (site, account,
 * role), which the React app replaces with the same header on start. Without the bundle the
 * header still says who is signed in.
 */
export function renderConfigHome(opts: {
  site: Site;
  owner: OwnerSession;
  roles: number[];
  publicDir: string;
}): string {
  const assets = editorAssets(opts.publicDir);
  const title = escapeHtml(opts.site.title);
  const roles = escapeHtml(roleNames(opts.roles));

  const boot: EditorBootJson = {
    siteId: opts.site.id,
    siteTitle: opts.site.title,
    email: opts.owner.email,
    displayName: opts.owner.displayName ?? null,
    roles: opts.roles,
    roleLabel: roleNames(opts.roles),
  };
  let head = '';
  for (const href of assets.styles) head += `<link rel="stylesheet" href="${escapeHtml(href)}">`;
  for (const href of assets.preloads)
    head += `<link rel="modulepreload" href="${escapeHtml(href)}">`;
  if (assets.script) head += `<script type="module" src="${escapeHtml(assets.script)}"></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Dashboard</title>${head}</head>
<body><div id="editor-root"><header class="ed-header"><p class="ed-site">${title}</p><p class="ed-account">Signed in as <strong>${escapeHtml(opts.owner.email)}</strong> · ${roles}</p></header>
<main id="main" class="ed-main"><p>${assets.script ? 'Loading…' : 'The dashboard is not built yet: run <code>npm run build</code>.'}</p><noscript><p>The dashboard needs JavaScript.</p></noscript></main></div>
<script type="application/json" id="editor-boot">${scriptJson(boot)}</script></body></html>`;
}
