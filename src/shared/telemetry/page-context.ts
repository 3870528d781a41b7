/**
 * What a rendered page tells the telemetry scripts, as JSON in
 * `<script type="application/json" id="site-context">…</script>` (the rendering part emits it).
 * Nothing visitor-specific goes here, so pages stay cacheable: `isMember` and `roles` describe a
 * signed-in site member only when the page is rendered for one (never cached).
 */
export interface SiteContext {
  websiteId: string;
  templateId: string;
  /** Website locale, e.g. `en-US`. */
  locale: string;
  /** SPEC 2.1's numeric page type (100 not found, 103 lock screen, 106 access denied …). */
  pageType: number;
  /** SPEC 2.1 tracking page type when the page is a store page. */
  trackingPageType?: 'plp' | 'pdp' | 'add-on' | 'product_block' | null;
  collectionId: string | null;
  itemId: string | null;
  recordType: number | null;
  pagePath: string;
  pageTitle: string;
  /** Page permission type (1 public; other values are restricted pages). */
  permissionType: number;
  /** SPEC 6's global disable flag (site setting `analyticsDisabled`). */
  analyticsDisabled: boolean;
  /** A signed-in member or owner is viewing. */
  isMember: boolean;
  /** That viewer's SPEC 3.10 role numbers on this website. */
  roles: number[];
  /** The cookie policy (SPEC 9.3); absent means permissive. */
  cookiePolicy?: { restrictive: boolean; bannerEnabled: boolean };
  /** Collector options: `enabled: false` turns the performance collector off (SPEC 7.1). */
  collector?: { enabled?: boolean; endpoint?: string };
}

export const SITE_CONTEXT_ELEMENT_ID = 'site-context';

/** Reads the JSON text of the site-context element; null when absent or malformed. */
export function parseSiteContext(text: string | null | undefined): SiteContext | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<SiteContext> | null;
    if (!v || typeof v !== 'object' || typeof v.websiteId !== 'string') return null;
    return {
      templateId: '',
      locale: '',
      pageType: 2,
      collectionId: null,
      itemId: null,
      recordType: null,
      pagePath: '/',
      pageTitle: '',
      permissionType: 1,
      analyticsDisabled: false,
      isMember: false,
      roles: [],
      ...v,
    } as SiteContext;
  } catch {
    return null;
  }
}

/**
 * Adds the signed-in viewer to a page's context from the `ss_auth` hint cookie (set at sign-in
 * to the viewer's role numbers on this website, dot-separated; '0' for none).
 */
export function withViewer(ctx: SiteContext, authHint: string | null | undefined): SiteContext {
  if (!authHint) return ctx;
  const roles = authHint
    .split('.')
    .map(Number)
    .filter((r) => Number.isInteger(r) && r > 0);
  return { ...ctx, isMember: true, roles };
}
