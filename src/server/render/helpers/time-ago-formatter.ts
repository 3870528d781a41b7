import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import { OwnerMessages } from '../../../shared/owner-messages.js';
import { relativeTime } from '../../../shared/templates/relative-time.js';
import { helperError, siteLanguage, valueOf } from './helper-args.js';

/**
 * `{publishOn|time-ago}` → 'about an hour ago', 'a day ago', 'in 3 days' (SPEC 9.2 texts; the
 * site's language otherwise), measured from the render's clock. An invalid date renders nothing
 * and reports SPEC 8.6's 'Invalid date.'. The text is as old as the cached page: use it where an
 * approximate age is the point, beside the date itself.
 */
export class TimeAgoFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const v = valueOf(first);
    const date = typeof v === 'number' ? v : typeof v === 'string' && v ? Date.parse(v) : NaN;
    const text = relativeTime(date, ctx.now ?? Date.now(), siteLanguage(ctx));
    if (text === undefined) {
      helperError(ctx, 'time-ago', OwnerMessages.INVALID_DATE);
      return first.set('');
    }
    first.set(text);
  }
}
