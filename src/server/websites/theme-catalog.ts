import fs from 'node:fs';
import path from 'node:path';
import type { ThemeSummary } from '../../shared/websites/api.js';

/** A theme folder name as the database and URLs carry it. */
const THEME_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

interface ThemeJsonFile {
  title?: unknown;
  description?: unknown;
  preview?: unknown;
  starter?: unknown;
}

export interface ThemeEntry extends ThemeSummary {
  /** Absolute path of the preview image, when there is one. */
  previewFile: string | null;
}

/**
 * The themes in `themes/`: every folder with a `site.region` layout, described by its
 * `theme.json` (`{ title, description, preview, starter? }`). A folder without one (or with a
 * broken one) is still listed, titled by its name. `starter` says which starter content a new
 * website gets; absent, the `default` theme is the store and any other a portfolio/blog.
 * Read on each call: a handful of small files, and a theme added to the folder shows at once.
 */
export function listThemes(themesDir: string): ThemeEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync(themesDir).filter((n) => THEME_NAME.test(n));
  } catch {
    return [];
  }
  const out: ThemeEntry[] = [];
  for (const name of names.sort()) {
    const dir = path.join(themesDir, name);
    if (!fs.existsSync(path.join(dir, 'site.region'))) continue;
    let meta: ThemeJsonFile;
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(dir, 'theme.json'), 'utf8')) as unknown;
      meta = parsed && typeof parsed === 'object' ? (parsed as ThemeJsonFile) : {};
    } catch {
      meta = {};
    }
    const preview =
      typeof meta.preview === 'string' && /^[\w.-]+\.(png|jpe?g|webp)$/i.test(meta.preview)
        ? path.join(dir, meta.preview)
        : null;
    const previewFile = preview && fs.existsSync(preview) ? preview : null;
    const starter =
      meta.starter === 'store' || meta.starter === 'portfolio'
        ? meta.starter
        : name === 'default'
          ? 'store'
          : 'portfolio';
    out.push({
      name,
      title:
        typeof meta.title === 'string' && meta.title.trim() ? meta.title.trim() : titleOf(name),
      description: typeof meta.description === 'string' ? meta.description : '',
      previewUrl: previewFile ? `/api/themes/${name}/preview` : null,
      previewFile,
      starter,
    });
  }
  // The store theme first: it is what most new websites start from.
  return out.sort((a, b) => Number(b.name === 'default') - Number(a.name === 'default'));
}

export function findTheme(themesDir: string, name: string): ThemeEntry | undefined {
  if (!THEME_NAME.test(name)) return undefined;
  return listThemes(themesDir).find((t) => t.name === name);
}

/** What the API answers: the entry without the file path. */
export function themeSummary(t: ThemeEntry): ThemeSummary {
  const { previewFile: _file, ...summary } = t;
  return summary;
}

function titleOf(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
