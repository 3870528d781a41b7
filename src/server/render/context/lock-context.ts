import { localizeMessage } from '../../../shared/i18n/messages.js';
import { PageType } from '../../../shared/enums.js';
import type { CollectionRow } from '../../content/content-queries.js';
import type { PageRequest } from './context-deps.js';
import { baseContext } from './site-context.js';
import type { PageContext } from './types.js';

/**
 * A password-protected page for a visitor who has not given its password (pageType 103): the
 * theme's lock screen (`pages/lock.page`) with a form that posts the password and this
 * request's crumb. Nothing of the page's content is in the context.
 */
export function buildLockContext(req: PageRequest, collection: CollectionRow): PageContext {
  const ctx = baseContext(req.base, {
    pageType: PageType.LOCK_SCREEN,
    templateFile: 'pages/lock.page',
    title: collection.title,
  });
  ctx.lockScreen = {
    path: req.base.path,
    crumb: req.lock?.crumb ?? '',
    // The registry's text in the site's language (i18n/messages.ts).
    error: localizeMessage(req.base.site.language, req.lock?.error ?? ''),
  };
  return ctx;
}
