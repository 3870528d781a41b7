import type { PageInput } from '../../../shared/content/page-api.js';
import { ErrorCode } from '../../../shared/errors.js';
import { validatePageInput, type PageInputLike } from '../../../shared/content/validate-page.js';
import { appError } from '../../errors/app-error.js';
import type { Site } from '../../sites/site-queries.js';
import { buildNotFoundContext } from '../../render/context/not-found-context.js';
import { buildPageContext, markPage } from '../../render/context/page-context.js';
import { sectionsJson } from '../../render/context/sections-json.js';
import { baseContext } from '../../render/context/site-context.js';
import type { PageRenderer } from '../../render/page-renderer.js';
import { parsePageUrl } from '../../render/page-query.js';
import { resolvePage } from '../../render/resolve-page.js';
import { FIXED_SLUGS, isHome, kindOf, pagePath, type PageRow } from './page-rows.js';

/** The builder's input, cleaned as a save would clean it (errors do not stop a preview). */
export function previewInput(row: PageRow, input: PageInputLike): PageInput {
  const kind = kindOf(row);
  const fixedSlug = FIXED_SLUGS[kind];
  return validatePageInput(input, {
    kind,
    isHome: isHome(row),
    ...(fixedSlug !== undefined ? { fixedSlug } : {}),
  }).value;
}

/**
 * A page rendered from a draft through the same theme code as the live site (issue 13): the
 * builder's preview frame (`/config/preview/:id`) and POST /api/content/preview. Sections and
 * blocks carry `data-section-id` / `data-block-id`. The footer's and 404's drafts are shown
 * in the home page's footer and on the 404 page; other kinds (blog, shop…) render as live.
 */
export async function renderDraftPage(
  renderer: PageRenderer,
  site: Site,
  baseUrl: string,
  row: PageRow,
  input: PageInput,
): Promise<string> {
  const kind = kindOf(row);
  const path = pagePath(kind, input.slug) ?? (kind === 'footer' ? '/' : '/__not-found');
  const draft = { input, previewMode: true };
  const { html } = await renderer.renderWith(
    site,
    parsePageUrl(path),
    baseUrl,
    async (deps, req) => {
      const preview = { ...req, preview: true };
      if (kind === 'page' || kind === 'splash') {
        return { status: 200, ctx: await buildPageContext(deps, preview, row, draft) };
      }
      if (kind === 'not-found') {
        return {
          status: 404,
          ctx: await buildNotFoundContext(deps, preview, {
            sections: input.sections,
            previewMode: true,
          }),
        };
      }
      const found = await resolvePage(deps, preview);
      if (kind === 'footer') {
        const sections = await sectionsJson(deps, preview, found.ctx, input.sections, {
          collectionId: row.id,
          title: row.title,
        });
        found.ctx.footer = { sections };
        found.ctx.previewMode = true;
        markPage(found.ctx, sections);
      }
      return found;
    },
  );
  return html;
}

/**
 * One section of a draft, alone (`blocks/page-section.block`): what the builder swaps into its
 * frame after an edit, so a change re-renders only the section it touched.
 */
export async function renderDraftSection(
  renderer: PageRenderer,
  site: Site,
  baseUrl: string,
  row: PageRow,
  input: PageInput,
  sectionId: string,
): Promise<string> {
  const index = input.sections.findIndex((s) => s.id === sectionId);
  const section = input.sections[index];
  if (!section) throw appError(ErrorCode.NOT_FOUND);
  const path = pagePath(kindOf(row), input.slug) ?? '/';
  const { html } = await renderer.renderPartial(
    site,
    parsePageUrl(path),
    baseUrl,
    'page-section.block',
    async (deps, req) => {
      const ctx = baseContext(req.base, {
        pageType: 2,
        templateFile: 'collections/page.page',
        title: input.title,
      });
      ctx.previewMode = true;
      const [json] = await sectionsJson(deps, { ...req, preview: true }, ctx, [section], {
        collectionId: row.id,
        title: input.title,
      });
      return { ...ctx, ...json!, first: index === 0 };
    },
  );
  return html;
}
