import type { Site } from '../sites/site-queries.js';
import type { SiteContext } from '../../shared/telemetry/page-context.js';
import { SITE_CONTEXT_ELEMENT_ID } from '../../shared/telemetry/page-context.js';
import { CollectionType, PageType } from '../../shared/enums.js';
import type { PageContext } from './context/types.js';

/**
 * The page facts telemetry reads (`<script type="application/json" id="site-context">`). Only
 * facts about the page, never about the viewer: the HTML is cached and shared. Who is signed in
 * comes from the `ss_auth` hint cookie in the browser.
 */
export function siteContextOf(site: Site, ctx: PageContext): SiteContext {
  const isProducts = ctx.collection?.type === CollectionType.PRODUCTS;
  const trackingPageType = !isProducts
    ? null
    : ctx.pageType === PageType.ITEM
      ? 'pdp'
      : ctx.pageType === PageType.COLLECTION
        ? 'plp'
        : null;
  return {
    websiteId: site.id,
    templateId: site.template_id,
    locale: site.language,
    pageType: ctx.pageType,
    trackingPageType,
    collectionId: ctx.collection?.id ?? null,
    itemId: ctx.item?.id ?? null,
    recordType: (ctx.item as { recordType?: number } | undefined)?.recordType ?? null,
    pagePath: ctx.requestPath,
    pageTitle: ctx.pageTitle,
    permissionType: 1,
    analyticsDisabled: site.settings.analyticsDisabled === true,
    isMember: false,
    roles: [],
  };
}

/** The element itself; `<` is escaped so no value can close the script early. */
export function siteContextScript(context: SiteContext): string {
  const json = JSON.stringify(context).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONTEXT_ELEMENT_ID}">${json}</script>`;
}
