import { PageType } from '../../../shared/enums.js';
import type { ContextDeps, PageRequest } from './context-deps.js';
import { markPage } from './page-context.js';
import { sectionsJson } from './sections-json.js';
import type { PageContext } from './types.js';

/**
 * The footer row's sections (issue 13), drawn by the layout's footer on every page but splash
 * pages. A page context that already has a footer (the builder previewing the footer's draft)
 * keeps it.
 */
export async function attachFooter(
  deps: ContextDeps,
  req: PageRequest,
  ctx: PageContext,
): Promise<void> {
  if (ctx.footer || ctx.pageType === PageType.SPLASH_PAGE) return;
  const row = req.base.collections.find((c) => c.kind === 'footer');
  if (!row?.sections.length) return;
  const sections = await sectionsJson(deps, req, ctx, row.sections, {
    collectionId: row.id,
    title: row.title,
  });
  ctx.footer = { sections };
  markPage(ctx, sections);
}
