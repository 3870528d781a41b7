import type { SiteContext } from './page-context.js';

export type SkipReason =
  'disabled' | 'member' | 'page-type' | 'search' | 'do-not-track' | 'cookie-policy';

export interface PrivacySignals {
  /** `navigator.doNotTrack === '1'` (or the window / msDoNotTrack variants). */
  doNotTrack: boolean;
  /** `navigator.globalPrivacyControl === true`. */
  globalPrivacyControl: boolean;
  /** The visitor accepted cookies in the site's banner. */
  consented: boolean;
}

/**
 * SPEC 2.1's not-found (100), lock-screen (103) and member-area access-denied (106) pages, and
 * SPEC 3.10's viewer role (10). Literals rather than `enums.ts` imports: the enum objects would
 * ship whole in the telemetry bundle (10 KB budget); a test checks they agree.
 */
export const SKIPPED_PAGE_TYPES: readonly number[] = [100, 103, 106];
export const VIEWER_ROLE = 10;

/** SPEC 6: skip signed-in members unless their only role is viewer and the path is not /config. */
export function memberIsSkipped(isMember: boolean, roles: number[], path: string): boolean {
  if (!isMember) return false;
  const onlyViewer = roles.length === 1 && roles[0] === VIEWER_ROLE;
  return !onlyViewer || /(^|\/)config(\/|$)/.test(path);
}

/** SPEC 9.3: performance cookies are cleared when the policy is restrictive and the banner is
 * off or consent is absent. */
export function mustClearPerformanceCookies(ctx: SiteContext, consented: boolean): boolean {
  const p = ctx.cookiePolicy;
  return !!p?.restrictive && (!p.bannerEnabled || !consented);
}

/** Why visit analytics must not record this page, or null to record it (SPEC 2, 6, 9.3). */
export function analyticsSkipReason(
  ctx: SiteContext,
  path: string,
  privacy: PrivacySignals,
): SkipReason | null {
  if (ctx.analyticsDisabled) return 'disabled';
  if (SKIPPED_PAGE_TYPES.includes(ctx.pageType)) return 'page-type';
  if (path === '/search' || path.startsWith('/search/')) return 'search';
  if (memberIsSkipped(ctx.isMember, ctx.roles, path)) return 'member';
  if (privacy.doNotTrack || privacy.globalPrivacyControl) return 'do-not-track';
  if (mustClearPerformanceCookies(ctx, privacy.consented)) return 'cookie-policy';
  return null;
}
