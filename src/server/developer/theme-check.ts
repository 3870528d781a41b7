import type { Compiler } from '@squarespace/template-engine';
import {
  THEME_LIMITS,
  THEME_SETTINGS_FILE,
  themeFileKind,
  type ThemeErrorJson,
} from '../../shared/developer/api.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { LAYOUT_FILE } from '../render/render-page.js';
import { compileThemeFiles, type CompiledTheme } from '../render/theme.js';
import type { TemplateErrorJson } from '../render/context/types.js';

export function themeErrorJson(e: TemplateErrorJson): ThemeErrorJson {
  return { file: e.file, line: e.line ?? null, message: e.message };
}

/** THEME_FILE_INVALID unless every path is one developer mode takes and sizes are in bounds. */
export function assertThemeShape(files: Record<string, string>): void {
  const paths = Object.keys(files);
  if (paths.length > THEME_LIMITS.files) {
    throw appError(
      ErrorCode.THEME_FILE_INVALID,
      `A theme has at most ${THEME_LIMITS.files} files.`,
    );
  }
  let total = 0;
  for (const p of paths) {
    if (!themeFileKind(p)) {
      throw appError(ErrorCode.THEME_FILE_INVALID, undefined, { file: p.slice(0, 200) });
    }
    const text = files[p]!;
    // A NUL is no part of a text file, and PostgreSQL's jsonb refuses it (a zip can carry one).
    if (text.includes('\u0000')) {
      throw appError(ErrorCode.THEME_FILE_INVALID, `${p} is not a text file.`, { file: p });
    }
    const size = text.length;
    if (size > THEME_LIMITS.fileChars) {
      throw appError(
        ErrorCode.THEME_FILE_INVALID,
        `${p} is larger than ${THEME_LIMITS.fileChars / 1024} KB.`,
        { file: p },
      );
    }
    total += size;
  }
  if (total > THEME_LIMITS.totalChars) {
    throw appError(
      ErrorCode.THEME_FILE_INVALID,
      `A theme is at most ${THEME_LIMITS.totalChars / 1024 / 1024} MB of text.`,
    );
  }
}

/** The settings file must be a JSON object; the error points at the line the parser stopped. */
function settingsErrors(source: string | undefined): ThemeErrorJson[] {
  if (source === undefined) return [];
  try {
    const v: unknown = JSON.parse(source);
    if (v && typeof v === 'object' && !Array.isArray(v)) return [];
    return [
      { file: THEME_SETTINGS_FILE, line: 1, message: 'The settings file must be an object.' },
    ];
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(message)?.[1];
    const line = pos ? source.slice(0, Number(pos)).split('\n').length : 1;
    return [{ file: THEME_SETTINGS_FILE, line, message: `SyntaxError: ${message}` }];
  }
}

/**
 * Compiles a theme as it would go live. The errors are SPEC 8.6's that can be known without
 * content: unknown formatter or predicate, unclosed or misplaced block, partial not found,
 * expression syntax, the layout missing, and a settings file that is not JSON.
 */
export function checkTheme(
  compiler: Compiler,
  name: string,
  files: Record<string, string>,
): { theme: CompiledTheme; errors: ThemeErrorJson[] } {
  const theme = compileThemeFiles(new Map(Object.entries(files)), name, compiler);
  const errors = theme.parseErrors.map(themeErrorJson);
  if (!theme.templates.has(LAYOUT_FILE)) {
    errors.push({ file: LAYOUT_FILE, line: null, message: `Template '${LAYOUT_FILE}' not found` });
  }
  errors.push(...settingsErrors(files[THEME_SETTINGS_FILE]));
  return { theme, errors };
}

/** TEMPLATE_ERRORS (422) with `errors`, unless the theme compiles cleanly. */
export function assertThemeCompiles(
  compiler: Compiler,
  name: string,
  files: Record<string, string>,
): CompiledTheme {
  const { theme, errors } = checkTheme(compiler, name, files);
  if (errors.length) throw appError(ErrorCode.TEMPLATE_ERRORS, undefined, { errors });
  return theme;
}
