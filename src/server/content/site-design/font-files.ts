import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  FONT_CHOICES,
  FONT_FALLBACK_METRICS,
  FONT_WEIGHTS,
  fallbackFamily,
  fallbackLocalFaces,
  fontById,
  fontFileName,
  SYSTEM_FONT_ID,
} from '../../../shared/content/fonts.js';
import { SiteApi } from '../../../shared/content/site-api.js';
import { REPO_ROOT } from '../../repo-root.js';

/**
 * The bundled fonts' files (docs/decisions.md, "Fonts"): read from the @fontsource packages in
 * node_modules (dependencies of the product, so present wherever it runs) and served by
 * `GET /assets/fonts/{id}-latin-{weight}-normal.{hash}.woff2`. The hash is the file's own, so
 * the URL changes when a package update changes the bytes, and the file is cached as immutable.
 * Pages never ask another host for a font.
 */

export interface FontFile {
  /** URL path under /assets/fonts/. */
  url: string;
  bytes: Buffer;
}

const FONTS_PREFIX = SiteApi.fontsCss.slice(0, SiteApi.fontsCss.lastIndexOf('/') + 1);

function packageFile(id: string, weight: number): string {
  return path.join(REPO_ROOT, 'node_modules', '@fontsource', id, 'files', fontFileName(id, weight));
}

/** Every bundled face by its URL, read and hashed once, on first use. */
let byUrl: Map<string, FontFile> | undefined;
const urlOf = new Map<string, string>();

function files(): Map<string, FontFile> {
  if (byUrl) return byUrl;
  byUrl = new Map();
  for (const font of FONT_CHOICES) {
    if (font.id === SYSTEM_FONT_ID) continue;
    for (const weight of FONT_WEIGHTS) {
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(packageFile(font.id, weight));
      } catch {
        continue; // a missing package leaves the font to its fallback stack
      }
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
      const url = `${FONTS_PREFIX}${fontFileName(font.id, weight).replace(/\.woff2$/, `.${hash}.woff2`)}`;
      byUrl.set(url, { url, bytes });
      urlOf.set(`${font.id}/${weight}`, url);
    }
  }
  return byUrl;
}

export function fontFileByUrl(url: string): FontFile | undefined {
  return files().get(url);
}

/** The URL of a bundled face, undefined for 'system' or a missing file. */
export function fontUrl(id: string, weight: number): string | undefined {
  files();
  return urlOf.get(`${id}/${weight}`);
}

/**
 * `@font-face` rules for these fonts (each once), regular and bold, swapped in when loaded, and
 * each font's metric-matched fallback face (fonts.ts): the text drawn before the swap takes the
 * web font's width and line height, so the swap moves nothing.
 */
export function fontFaceCss(ids: readonly string[]): string {
  let css = '';
  for (const id of new Set(ids)) {
    const font = fontById(id);
    if (!font || id === SYSTEM_FONT_ID) continue;
    const m = FONT_FALLBACK_METRICS[id];
    if (m) {
      css += `@font-face{font-family:'${fallbackFamily(font)}';src:${fallbackLocalFaces(font)};size-adjust:${m.sizeAdjust}%;ascent-override:${m.ascent}%;descent-override:${m.descent}%;line-gap-override:${m.lineGap}%}`;
    }
    for (const weight of FONT_WEIGHTS) {
      const url = fontUrl(id, weight);
      if (!url) continue;
      css += `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')}`;
    }
  }
  return css;
}

/** `/assets/fonts/fonts.css`: every bundled face, for the Design screen's font picker. */
export function allFontsCss(): string {
  return fontFaceCss(FONT_CHOICES.map((f) => f.id));
}
