import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import { escapeHtml } from '../../../shared/html.js';
import { moneyToMinor } from '../../../shared/money.js';
import { freeLabelFor } from '../../../shared/templates/money-display.js';
import { formatMoneyNode } from '../formatters.js';
import { helperError, parseHelperArgs, resolveArgument, valueOf } from './helper-args.js';

function minorOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Math.round(value);
  if (value && typeof value === 'object') {
    const m = value as {
      value?: string;
      decimalValue?: string;
      currency?: string;
      currencyCode?: string;
    };
    const currency = m.currency ?? m.currencyCode ?? 'USD';
    return moneyToMinor({ ...m, currency });
  }
  return undefined;
}

/**
 * The free label: `free=Free` as written, or `free=localizedStrings.freeText` when that names a
 * text in the page's JSON (a variable wins over the literal; a dotted name that resolves to
 * nothing is read as text).
 */
function freeLabel(ctx: Context, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const resolved = /^[@A-Za-z_][\w.@-]*$/.test(raw) ? resolveArgument(ctx, raw) : undefined;
  return typeof resolved === 'string' ? resolved : raw;
}

/**
 * `{priceMoney|site-money}` / `{amountCents|site-money}`: Money JSON or minor units in the site's
 * locale and currency (CLDR). `{shipping|site-money;free-if-zero;free=Free}` shows the label for a
 * zero amount; SPEC 5.7: free-if-zero without its label is an error (reported; the amount shows).
 */
export class SiteMoneyFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const value = valueOf(first);
    const { flags, values } = parseHelperArgs(args);
    const minor = minorOf(value);
    if (minor !== undefined) {
      const free = freeLabelFor(minor, {
        freeIfZero: flags.has('free-if-zero'),
        freeLabel: freeLabel(ctx, values.get('free')),
      });
      if (!free.ok) helperError(ctx, 'site-money', free.error);
      else if (free.label !== undefined) return first.set(escapeHtml(free.label));
    }
    first.set(formatMoneyNode(value, ctx));
  }
}
