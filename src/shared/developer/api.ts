/**
 * Developer mode's wire contract (issue 16, docs/developer-mode.md): a website's own copy of its
 * theme, edited file by file from /config, every save a version.
 */

/** Sizes the API refuses beyond (THEME_FILE_INVALID): a theme is a few hundred KB. */
export const THEME_LIMITS = {
  /** One file's text, in UTF-16 code units (the CSS of the default theme is ~48 K). */
  fileChars: 256 * 1024,
  /** All files together. */
  totalChars: 2 * 1024 * 1024,
  files: 300,
  pathChars: 160,
  /** A zip upload, compressed. */
  zipBytes: 4 * 1024 * 1024,
} as const;

/** The theme's settings file (a JSON object), at the theme's root. */
export const THEME_SETTINGS_FILE = 'theme.json';

export type ThemeFileKind = 'template' | 'partial' | 'css' | 'settings';

const TEMPLATE_EXTS = ['.region', '.page', '.list', '.item'];
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * What a theme path is, or undefined when developer mode does not take it: templates
 * (.region/.page/.list/.item), partials (.block), CSS and the settings file; at most three
 * folders deep, no dot segments, no backslashes.
 */
export function themeFileKind(path: string): ThemeFileKind | undefined {
  if (!path || path.length > THEME_LIMITS.pathChars) return undefined;
  const segs = path.split('/');
  if (segs.length > 4 || !segs.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) return undefined;
  if (path === THEME_SETTINGS_FILE) return 'settings';
  const dot = path.lastIndexOf('.');
  const ext = dot > path.lastIndexOf('/') ? path.slice(dot) : '';
  if (TEMPLATE_EXTS.includes(ext)) return 'template';
  if (ext === '.block') return 'partial';
  if (ext === '.css') return 'css';
  return undefined;
}

/** One template error: the file, its 1-based line when known, the engine's message. */
export interface ThemeErrorJson {
  file: string;
  line: number | null;
  message: string;
}

/** The 422 body of a save whose theme does not compile (TEMPLATE_ERRORS). */
export interface ThemeErrorsBody {
  error: { code: 'TEMPLATE_ERRORS'; message: string; errors: ThemeErrorJson[] };
  message: string;
  errors: ThemeErrorJson[];
}

export interface ThemeFileEntryJson {
  path: string;
  kind: ThemeFileKind;
  /** Characters. */
  size: number;
}

export type ThemeVersionAction = 'start' | 'save' | 'restore' | 'reset' | 'upload';

export interface ThemeVersionJson {
  id: string;
  /** 1, 2, 3… per website. */
  number: number;
  action: ThemeVersionAction;
  /** The file a save changed; null for whole-theme versions. */
  file: string | null;
  /** Who saved it (their email at the time); null for the system. */
  actorEmail: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** The version the site renders. */
  live: boolean;
}

/** `GET /api/developer`: the mode and where the theme stands. */
export interface DeveloperStatusJson {
  enabled: boolean;
  /** The theme folder the copy was made from. */
  theme: string;
  /** Null until developer mode was first turned on. */
  liveVersion: ThemeVersionJson | null;
}

export interface ThemeFilesJson {
  files: ThemeFileEntryJson[];
}

export interface ThemeFileJson {
  path: string;
  kind: ThemeFileKind;
  content: string;
}

/** A successful save, restore, reset or upload: the new live version. */
export interface ThemeSaveJson {
  version: ThemeVersionJson;
}

export interface ThemeVersionsJson {
  versions: ThemeVersionJson[];
}

/** One file's change between a version and the one before it. */
export interface ThemeFileChangeJson {
  file: string;
  /** Null: the file did not exist before (or no longer exists after). */
  before: string | null;
  after: string | null;
}

export interface ThemeVersionDiffJson {
  version: ThemeVersionJson;
  changes: ThemeFileChangeJson[];
}

/** `POST /api/developer/preview`: one page rendered with an unsaved file. */
export interface ThemePreviewJson {
  status: number;
  html: string;
  errors: ThemeErrorJson[];
}

/** `GET /api/developer/errors`: the last render's errors per page, newest first. */
export interface ThemeRenderErrorsJson {
  pages: { path: string; renderedAt: string; errors: ThemeErrorJson[] }[];
}
