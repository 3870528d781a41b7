import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { THEME_LIMITS } from '../../shared/developer/api.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';

/** The theme's files in one folder named after it, as a theme folder in the repo looks. */
export function zipTheme(folder: string, files: Record<string, string>): Uint8Array {
  const tree: Zippable = {};
  for (const [p, text] of Object.entries(files)) tree[`${folder}/${p}`] = strToU8(text);
  return zipSync(tree, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}

/** Files a desktop archiver adds that are no part of a theme. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

/**
 * Reads an uploaded theme zip into files. One top folder around everything (as `zipTheme`
 * writes, or an archiver zipping a folder) is taken off. Sizes are checked from the directory
 * before anything is inflated, so a small zip cannot expand into gigabytes. Paths are checked by
 * the caller (`assertThemeShape`); text must be UTF-8.
 */
export function unzipTheme(zip: Uint8Array): Record<string, string> {
  if (zip.length > THEME_LIMITS.zipBytes) {
    throw appError(ErrorCode.THEME_FILE_INVALID, 'The zip is larger than 4 MB.');
  }
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (f) => {
        if (f.name.endsWith('/') || JUNK.test(f.name)) return false;
        declared += f.originalSize;
        if (declared > THEME_LIMITS.totalChars * 4) {
          throw appError(ErrorCode.THEME_FILE_INVALID, 'The theme in this zip is too large.');
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof Error && e.name === 'AppError') throw e;
    throw appError(ErrorCode.THEME_FILE_INVALID, 'This file is not a zip archive.');
  }
  const names = Object.keys(entries);
  if (!names.length) throw appError(ErrorCode.THEME_FILE_INVALID, 'The zip has no theme files.');
  const top = names[0]!.split('/')[0]!;
  const strip = names.every((n) => n.startsWith(`${top}/`)) ? top.length + 1 : 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files: Record<string, string> = {};
  for (const name of names) {
    const path = name.slice(strip);
    try {
      files[path] = decoder.decode(entries[name]);
    } catch {
      throw appError(ErrorCode.THEME_FILE_INVALID, `${path} is not UTF-8 text.`, { file: path });
    }
  }
  return files;
}
