import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import { FONT_WEIGHTS, fontById, SYSTEM_FONT_ID } from '../../../shared/content/fonts.js';
import { OwnerMessages } from '../../../shared/owner-messages.js';
import { fontFaceCss, fontUrl } from '../../content/site-design/font-files.js';
import { helperError } from './helper-args.js';

function known(ctx: Context, helper: string, id: string): boolean {
  if (fontById(id) && id !== SYSTEM_FONT_ID) return true;
  helperError(ctx, helper, OwnerMessages.FONT_UNKNOWN.replace('{id}', id));
  return false;
}

/**
 * `<style>{@|font-faces playfair-display dm-sans}…</style>`: the `@font-face` rules of bundled
 * fonts (the Design screen's set, served by the site itself under hashed URLs a theme's CSS cannot
 * know), so a theme can start from its own fonts. A face downloads only when the page uses it, so
 * a site whose owner picked other fonts pays nothing for these.
 */
export class FontFacesFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    first.set(fontFaceCss(args.filter((id) => known(ctx, 'font-faces', id))));
  }
}

/** `{@|font-url dm-sans 400}`: the URL of one bundled face (to preload the body font). */
export class FontUrlFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const [id = '', weightArg = '400'] = args;
    const weight = Number(weightArg);
    if (!known(ctx, 'font-url', id)) return first.set('');
    const url = (FONT_WEIGHTS as readonly number[]).includes(weight)
      ? fontUrl(id, weight)
      : undefined;
    first.set(url ?? '');
  }
}
