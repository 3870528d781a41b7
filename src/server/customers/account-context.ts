import type { PageRequest } from '../render/context/context-deps.js';
import { baseContext } from '../render/context/site-context.js';
import type { PageContext } from '../render/context/types.js';
import { PageType } from '../../shared/enums.js';
import { customerTexts } from '../../shared/customers/texts.js';
import { memberDeniedHtml } from './account-pages.js';

/**
 * A customer page in the theme's layout (`pages/account.page`): the HTML is account-pages.ts',
 * escaped there. Per visitor, so never cached (the routes send `no-store`).
 */
export function buildAccountContext(
  req: PageRequest,
  page: { pageType: number; kind: string; title: string; html: string },
): PageContext {
  const ctx = baseContext(req.base, {
    pageType: page.pageType,
    templateFile: 'pages/account.page',
    title: page.title,
  });
  ctx.accountPage = { kind: page.kind, html: page.html };
  return ctx;
}

/** SPEC 2.1's member-area access denied page (106): a sign-in button that comes back here. */
export function buildMemberDeniedContext(req: PageRequest, path: string): PageContext {
  const t = customerTexts(req.base.site.language);
  return buildAccountContext(req, {
    pageType: PageType.MEMBER_AREA_ACCESS_DENIED,
    kind: 'member-denied',
    title: t.memberTitle,
    html: memberDeniedHtml(t, { next: path }),
  });
}
