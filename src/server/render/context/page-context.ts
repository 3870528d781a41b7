import { BlockCode, type PageSection } from '../../../shared/content/blocks.js';
import type { PageInput } from '../../../shared/content/page-api.js';
import { PageType } from '../../../shared/enums.js';
import type { CollectionRow } from '../../content/content-queries.js';
import type { ContextDeps, PageRequest } from './context-deps.js';
import { sectionsJson } from './sections-json.js';
import { baseContext, collectionJson } from './site-context.js';
import type { PageContext, SectionJson } from './types.js';

/** A page rendered from something other than its live columns: the builder's draft or input. */
export interface PageDraftView {
  input: PageInput;
  /** Sections and blocks carry the builder's `data-*` selection attributes. */
  previewMode: boolean;
}

/**
 * A layout page (pageType 2; the home page is the collection with url id '') or a splash page
 * (pageType 3: no site header or footer). Its sections become the theme's nodes
 * (`sectionsJson`); `draft` renders the builder's unsaved or saved draft instead of what is live.
 */
export async function buildPageContext(
  deps: ContextDeps,
  req: PageRequest,
  collection: CollectionRow,
  draft?: PageDraftView,
): Promise<PageContext> {
  const { site } = req.base;
  const title = draft?.input.title ?? collection.title;
  const sections = draft?.input.sections ?? collection.sections;
  const seo = draft?.input.seo ?? collection.seo;
  const splash = collection.kind === 'splash';
  const ctx = baseContext(req.base, {
    pageType: splash ? PageType.SPLASH_PAGE : PageType.PAGE,
    templateFile: 'collections/page.page',
    title: seo.title || (collection.url_id === '' ? site.title : title),
    description: seo.description || collection.description,
  });
  if (draft?.previewMode) ctx.previewMode = true;
  const json = await sectionsJson(deps, req, ctx, sections, { collectionId: collection.id, title });
  ctx.collection = {
    ...collectionJson(collection),
    title,
    sections: json,
    hasOwnHeading: hasOwnHeading(sections),
  };
  markPage(ctx, json);
  return ctx;
}

/** A heading block of level 1, or rich text with an `<h1>`, is the page's own title. */
export function hasOwnHeading(sections: readonly PageSection[]): boolean {
  return sections.some((s) =>
    s.blocks.some(
      (b) =>
        (b.type === BlockCode.HEADING && b.level === 1) ||
        (b.type === BlockCode.TEXT && /<h1[\s>]/i.test(b.html)),
    ),
  );
}

/** Page-wide facts the layout needs from the sections: forms at the top, the video script. */
export function markPage(ctx: PageContext, sections: SectionJson[]): void {
  const blocks = sections.flatMap((s) => s.blocks);
  // The page's forms at the top of `?format=json` too (id, name, fields…), besides the island
  // props each block carries.
  const forms = blocks.flatMap((b) => {
    const island = (b.formIsland ?? b.newsletterIsland) as { form?: unknown } | undefined;
    return island?.form ? [island.form] : [];
  });
  if (forms.length) ctx.forms = [...(ctx.forms ?? []), ...forms];
  if (ctx.previewMode || blocks.some((b) => b.video)) ctx.videoScript = VIDEO_SCRIPT;
}

/**
 * Video blocks are a link to the video (what visitors without JavaScript follow) until clicked:
 * then this swaps in the player, so no request goes to YouTube or Vimeo before the visitor asks.
 * A few hundred bytes inline, only on pages with a video (the page JS budget is 50 KB).
 */
export const VIDEO_SCRIPT =
  "<script>document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-embed]');" +
  "if(!a)return;e.preventDefault();var f=document.createElement('iframe');f.src=a.getAttribute('data-embed');" +
  "f.title=a.getAttribute('aria-label')||'Video';f.allow='autoplay; encrypted-media; picture-in-picture; fullscreen';" +
  "f.setAttribute('allowfullscreen','');f.className='video-frame';a.replaceWith(f);f.focus();});</script>";

/**
 * A navigation folder's own URL (SPEC 3.10 folder behaviour 1, index): its visible, published
 * pages as a list. Behaviour 2 (redirect) is answered before rendering; 3 (none) is a 404.
 */
export function buildFolderIndexContext(
  req: PageRequest,
  folder: CollectionRow,
  pages: { title: string; fullUrl: string }[],
): PageContext {
  const ctx = baseContext(req.base, {
    pageType: PageType.PAGE,
    templateFile: 'collections/page.page',
    title: folder.title,
    description: folder.description,
  });
  ctx.collection = { ...collectionJson(folder), folder: true, folderPages: pages, sections: [] };
  return ctx;
}
