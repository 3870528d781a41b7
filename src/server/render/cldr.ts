import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CLDRFramework, type CLDR } from '@phensley/cldr';

const require = createRequire(import.meta.url);
// The packs ship inside @phensley/cldr; resolve the folder once from its package.json.
const packsDir = path.join(path.dirname(require.resolve('@phensley/cldr/package.json')), 'packs');

/**
 * One framework for the process: it keeps parsed language packs in its own LRU. Packs load
 * synchronously from disk, so rendering never waits on I/O after the first page of a language.
 */
const framework = new CLDRFramework({
  loader: (language: string) => fs.readFileSync(path.join(packsDir, `${language}.json`), 'utf8'),
  packCacheSize: 8,
});

const byLocale = new Map<string, CLDR>();

/** The CLDR instance for a locale such as 'en-US' or 'ja-JP' (cached; falls back to 'en'). */
export function cldrFor(locale: string): CLDR {
  let cldr = byLocale.get(locale);
  if (cldr) return cldr;
  try {
    cldr = framework.get(locale);
  } catch {
    // Unknown language (no pack): format as English rather than failing the page.
    cldr = byLocale.get('en') ?? framework.get('en');
  }
  byLocale.set(locale, cldr);
  return cldr;
}
