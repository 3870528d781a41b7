import { splitVariable, type Context, type Variable } from '@squarespace/template-engine';

/**
 * Arguments of our template helpers: bare flags (`eager`) and `key=value` pairs (values may hold
 * spaces and colons with the `;` delimiter: `{x|image-component;sizes=(min-width: 40rem) 50vw}`).
 */
export function parseHelperArgs(args: string[]): {
  flags: Set<string>;
  values: Map<string, string>;
} {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (const raw of args) {
    const a = raw.trim();
    if (!a) continue;
    const i = a.indexOf('=');
    if (i > 0) values.set(a.slice(0, i).trim(), a.slice(i + 1).trim());
    else flags.add(a);
  }
  return { flags, values };
}

/**
 * A template variable named in an argument, read as the engine's own `message` formatter does:
 * from the frame around the formatted value (`@` names and dotted paths both work).
 */
export function resolveArgument(ctx: Context, path: string): unknown {
  const frame = ctx.frame();
  const node = ctx.resolveFrom(splitVariable(path), frame.parent ?? frame);
  return node.isMissing() ? undefined : (node.value as unknown);
}

/** Value of an engine variable as plain JS (undefined when missing). */
export function valueOf(v: Variable): unknown {
  return v.node.isMissing() ? undefined : (v.node.value as unknown);
}

/**
 * Reports a helper's error like every other template error: into the render's error list (the
 * owner's `templateErrors`, the developer editor, the log), never into the page.
 */
export function helperError(ctx: Context, helper: string, message: string): void {
  ctx.error({ type: 'engine', message: `${helper}: ${message}` });
}

/** The site's language for locale-aware helpers ('en' when the context has none). */
export function siteLanguage(ctx: Context): string {
  const node = ctx.resolve(['website', 'language']);
  return node.isMissing() ? 'en' : node.asString() || 'en';
}
