import { PageType } from '../../../shared/enums.js';
import type { PageRequest } from './context-deps.js';
import { baseContext } from './site-context.js';
import type { PageContext } from './types.js';

/** Any path no page answers (pageType 100, HTTP 404), rendered with the theme's 404 page. */
export function buildNotFoundContext(req: PageRequest): PageContext {
  return baseContext(req.base, {
    pageType: PageType.NOT_FOUND,
    templateFile: 'pages/404.page',
    title: 'Page Not Found',
  });
}
