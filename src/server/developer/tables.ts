import type { Generated, JSONColumnType } from 'kysely';
import type { ThemeVersionAction } from '../../shared/developer/api.js';

/** A website's own theme (developer mode): which version it renders. */
export interface DeveloperThemesTable {
  site_id: string;
  /** The theme folder the copy was made from (reset goes back to it). */
  theme: string;
  live_version_id: string;
  updated_at: Generated<Date>;
}

/**
 * Every version of a website's theme: the whole theme's files (a theme is ~100 KB of text, so a
 * full snapshot keeps restore and diff one read each). Append-only.
 */
export interface DeveloperThemeVersionsTable {
  id: string;
  site_id: string;
  seq: number;
  action: ThemeVersionAction;
  file: string | null;
  files: JSONColumnType<Record<string, string>>;
  owner_id: string | null;
  actor_email: string | null;
  created_at: Generated<Date>;
}

export interface DeveloperTables {
  developer_themes: DeveloperThemesTable;
  developer_theme_versions: DeveloperThemeVersionsTable;
}
