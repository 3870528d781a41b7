import { Role } from '../enums.js';

/**
 * What each SPEC 3.10 role may do on a website (issue 16). The one table: every owner route
 * names the permission it needs (`ownerGuard` in `src/server/http/owner-guard.ts`), and /config
 * reads the same table to hide what a role cannot use. `team-permissions.test.ts` walks every
 * owner route with every role against it.
 * - `view`: open /config and read pages, items, products, orders, forms and settings (read-only).
 * - `analytics`: read visits, sales and performance summaries.
 * - `content`: edit pages, items, media and forms (drafts; never live without `publish`).
 * - `publish`: make pages and items live, schedule them, restore versions.
 * - `commerce`: the catalog, stock, orders, discounts, gift cards and subscriptions.
 * - `settings`: site styles and settings, domains, the team, the audit log, export and delete.
 * - `developer`: developer mode (the theme's code).
 * - `moderate`: comments.
 * - `billing`: the plan and invoices.
 */
export const PERMISSIONS = [
  'view',
  'analytics',
  'content',
  'publish',
  'commerce',
  'settings',
  'developer',
  'moderate',
  'billing',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * Role → permissions. 'none' (14), commenter (a visitor's role) and unknown roles grant nothing;
 * viewer is read-only.
 */
export const ROLE_PERMISSIONS: Readonly<Partial<Record<number, readonly Permission[]>>> = {
  [Role.ADMIN]: ALL,
  [Role.WEBSITE_MANAGER]: ALL.filter((p) => p !== 'developer' && p !== 'billing'),
  [Role.EDITOR]: ['view', 'content', 'publish', 'moderate'],
  [Role.DRAFT_EDITOR]: ['view', 'content'],
  [Role.STORE_MANAGER]: ['view', 'analytics', 'commerce'],
  [Role.CAMPAIGNS_EDITOR]: ['view', 'analytics'],
  [Role.REPORTING]: ['view', 'analytics'],
  [Role.VIEWER]: ['view', 'analytics'],
  [Role.MODERATOR]: ['view', 'moderate'],
  [Role.BILLING]: ['view', 'billing'],
  [Role.SCHEDULING]: ['view'],
  [Role.SCHEDULING_VIEWER]: ['view'],
  [Role.SCHEDULING_EDITOR]: ['view'],
};

/** True when any of the roles grants the permission. */
export function allows(roles: readonly number[], permission: Permission): boolean {
  return roles.some((r) => ROLE_PERMISSIONS[r]?.includes(permission) ?? false);
}

/** Everything the roles grant together (for /config to show and hide). */
export function permissionsOf(roles: readonly number[]): Permission[] {
  return PERMISSIONS.filter((p) => allows(roles, p));
}

/** The roles an invite may give (the ones /config offers), most powerful first. */
export const INVITABLE_ROLES: readonly number[] = [
  Role.ADMIN,
  Role.WEBSITE_MANAGER,
  Role.EDITOR,
  Role.DRAFT_EDITOR,
  Role.STORE_MANAGER,
  Role.MODERATOR,
  Role.REPORTING,
  Role.BILLING,
  Role.VIEWER,
];
