import { Role } from '../enums.js';

/**
 * What each SPEC 3.10 role may do with a website's content (issue 13). One table, read by the
 * server's route guards and by /config to hide what a role cannot use. Issue 16 widens it to
 * every owner route.
 * - `view`: read pages, items, styles and settings in /config.
 * - `draft`: save drafts (pages' drafts; items as draft or needs-review), never live.
 * - `publish`: make pages and items live, schedule, restore versions.
 * - `settings`: site styles and settings.
 */
export type ContentAction = 'view' | 'draft' | 'publish' | 'settings';

const ALL: ContentAction[] = ['view', 'draft', 'publish', 'settings'];
const EDIT: ContentAction[] = ['view', 'draft', 'publish'];

export const CONTENT_PERMISSIONS: Partial<Record<number, readonly ContentAction[]>> = {
  [Role.ADMIN]: ALL,
  [Role.WEBSITE_MANAGER]: ALL,
  [Role.EDITOR]: EDIT,
  [Role.DRAFT_EDITOR]: ['view', 'draft'],
  [Role.CAMPAIGNS_EDITOR]: ['view'],
  [Role.STORE_MANAGER]: ['view'],
  [Role.VIEWER]: ['view'],
  [Role.REPORTING]: ['view'],
  [Role.BILLING]: ['view'],
  [Role.MODERATOR]: ['view'],
};

/** True when any of the roles may do it; 'none' (14) and unknown roles grant nothing. */
export function contentAllows(roles: readonly number[], action: ContentAction): boolean {
  return roles.some((r) => CONTENT_PERMISSIONS[r]?.includes(action) ?? false);
}

/** The roles allowed an action, for `requireOwner(db, roles)`. */
export function rolesAllowed(action: ContentAction): number[] {
  return Object.entries(CONTENT_PERMISSIONS)
    .filter(([, actions]) => actions?.includes(action))
    .map(([role]) => Number(role));
}
