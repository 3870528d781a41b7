import {
  Formatter,
  PredicatePlugin,
  type Context,
  type Variable,
} from '@squarespace/template-engine';
import { OwnerMessages } from '../../../shared/owner-messages.js';
import { hexToHsl, hslToHex, parseColor, type Hsla } from '../../../shared/content/colors.js';
import { isLightColor } from '../../../shared/images.js';
import { helperError, resolveArgument, valueOf } from './helper-args.js';

/** An amount argument of 0-1 for `lighten`, `darken` and `alpha`, or undefined. */
function fraction(raw: string | undefined): number | undefined {
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;

function cssOf(c: Hsla, asHsl: boolean): string {
  if (!asHsl && c.a === 1) return hslToHex(c);
  const hsl = `${Math.round(c.h * 10) / 10} ${pct(c.s)} ${pct(c.l)}`;
  return c.a === 1 ? `hsl(${hsl})` : `hsl(${hsl} / ${Math.round(c.a * 1000) / 1000})`;
}

/**
 * `{colors.accent|color}` → '#1a6fd0' from hex (3 to 6 digits) or HSL (`hsl(210, 0.5, 0.4)`),
 * read by the site palette's own rules (`shared/content/colors.ts`, SPEC 5.7's messages).
 * Operations: `lighten 0.1`, `darken 0.1` (lightness), `alpha 0.5`, `hsl` (CSS hsl() output).
 * A bad colour or amount renders nothing and reports the SPEC message.
 */
export class ColorFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const raw = valueOf(first);
    if (raw === undefined || raw === null || raw === '') return first.set('');
    const parsed = parseColor(String(raw));
    if (!parsed.ok) {
      helperError(ctx, 'color', parsed.error);
      return first.set('');
    }
    const c: Hsla = hexToHsl(parsed.hex);
    let asHsl = false;
    for (let i = 0; i < args.length; i++) {
      const op = args[i];
      if (op === 'hsl') {
        asHsl = true;
        continue;
      }
      if (op !== 'lighten' && op !== 'darken' && op !== 'alpha') continue;
      const amount = fraction(args[++i]);
      if (amount === undefined) {
        const msg =
          op === 'alpha'
            ? OwnerMessages.ALPHA_OUT_OF_BOUNDS
            : OwnerMessages.LIGHTNESS_OUT_OF_BOUNDS;
        helperError(ctx, 'color', msg);
        return first.set('');
      }
      if (op === 'alpha') c.a = amount;
      else c.l = clamp01(c.l + (op === 'lighten' ? amount : -amount));
    }
    first.set(cssOf(c, asHsl));
  }
}

/**
 * `{.light-color? website.design.colors.background}` (or on the current node): SPEC 9.2's
 * light/dark threshold, for picking dark or light text over a colour. A bad colour is false and
 * reported.
 */
export class LightColorPredicate extends PredicatePlugin {
  apply(args: string[], ctx: Context): boolean {
    const raw = args[0] !== undefined ? resolveArgument(ctx, args[0]) : ctx.node().value;
    if (raw === undefined || raw === null || raw === '') return false;
    const parsed = parseColor(String(raw));
    if (!parsed.ok) {
      helperError(ctx, 'light-color?', parsed.error);
      return false;
    }
    return isLightColor(parsed.hex);
  }
}
