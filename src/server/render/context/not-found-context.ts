import { themeTexts } from '../../../shared/i18n/storefront-texts.js';
import { PageType } from '../../../shared/enums.js';
import type { ContextDeps, PageRequest } from './context-deps.js';
import { markPage } from './page-context.js';
import { sectionsJson } from './sections-json.js';
import { baseContext } from './site-context.js';
import type { PageContext } from './types.js';
import type { PageSection } from '../../../shared/content/blocks.js';

/**
 * Any path no page answers (pageType 100, HTTP 404), rendered with the theme's 404 page. The
 * owner's 404 row (kind 'not-found', edited in the builder) replaces the theme's text with its
 * sections when it has any; `sections` is the builder's draft in its preview.
 */
export async function buildNotFoundContext(
  deps: ContextDeps,
  req: PageRequest,
  draft?: { sections: readonly PageSection[]; previewMode: boolean },
): Promise<PageContext> {
  const ctx = baseContext(req.base, {
    pageType: PageType.NOT_FOUND,
    templateFile: 'pages/404.page',
    title: themeTexts(req.base.site.language).notFoundTitleText,
  });
  const row = req.base.collections.find((c) => c.kind === 'not-found');
  const sections = draft?.sections ?? row?.sections ?? [];
  if (draft?.previewMode) ctx.previewMode = true;
  if (row && sections.length) {
    const json = await sectionsJson(deps, req, ctx, sections, {
      collectionId: row.id,
      title: row.title,
    });
    ctx.notFound = { sections: json };
    markPage(ctx, json);
  }
  return ctx;
}
