import { Compiler, type RootCode, type TemplateError } from '@squarespace/template-engine';
import type { CLDR } from '@phensley/cldr';
import type { PageAssets } from './assets.js';
import type { CompiledTheme } from './theme.js';
import type { PageContext, TemplateErrorJson } from './context/types.js';
import { Formatters, Predicates } from '@squarespace/template-engine';
import { createFormatters, createPredicates, type IslandRenderer } from './formatters.js';
import { templateHelperFormatters, templateHelperPredicates } from './helpers/template-helpers.js';
import { EXPR_OPTS, registerCompilerTables } from './template-parse.js';

/** The layout every page renders inside (`{mainContent}` is the page template's output). */
export const LAYOUT_FILE = 'site.region';

/** The engine with its built-in formatters and predicates plus ours. */
export function createCompiler(islands: IslandRenderer): Compiler {
  const tables = {
    formatters: { ...Formatters, ...createFormatters(islands), ...templateHelperFormatters },
    predicates: { ...Predicates, ...createPredicates(islands), ...templateHelperPredicates },
  };
  const compiler = new Compiler(tables);
  registerCompilerTables(compiler, tables);
  return compiler;
}

/**
 * The line a runtime error most likely comes from: the engine names the partial or the
 * expression but not where it is, so the first line of the file that mentions it.
 */
function runtimeErrorLine(source: string | undefined, message: string): number | undefined {
  if (!source) return undefined;
  const partial = /partial '([^']+)'/.exec(message)?.[1];
  const expr =
    /expression: "((?:[^"\\]|\\.)*)"/.exec(message)?.[1] ??
    /Error reducing expression: (.+?): /.exec(message)?.[1];
  const needle = partial ? `apply ${partial}` : expr?.slice(0, 60);
  if (!needle) return undefined;
  const idx = source.indexOf(needle);
  return idx < 0 ? undefined : source.slice(0, idx).split('\n').length;
}

export interface RenderedPage {
  html: string;
  errors: TemplateErrorJson[];
}

function execute(
  compiler: Compiler,
  theme: CompiledTheme,
  file: string,
  json: unknown,
  cldr: CLDR,
  now: number,
  errors: TemplateErrorJson[],
  code: RootCode | undefined = theme.templates.get(file),
): string {
  if (!code) {
    errors.push({ file, type: 'engine', message: `Template '${file}' not found` });
    return '';
  }
  try {
    const { ctx, errors: execErrors } = compiler.execute({
      code: code as RootCode,
      json,
      partials: theme.partials,
      cldr: cldr as never,
      now,
      enableExpr: true,
      exprOpts: EXPR_OPTS,
    });
    // Expression and missing-partial errors already found when the theme compiled are not
    // repeated: the compile-time ones carry their line and show on every render.
    // (Built only when there are any: a clean render, the usual case, allocates nothing here.)
    const known = execErrors.length ? new Set(theme.parseErrors.map((e) => e.message)) : undefined;
    for (const e of execErrors as TemplateError[]) {
      if (known?.has(e.message)) continue;
      const line = runtimeErrorLine(theme.files.get(file), e.message);
      errors.push({ file, line, type: e.type, message: e.message });
    }
    return ctx.render();
  } catch (e) {
    // The engine collects its own errors; this is the last guard so a page always renders.
    errors.push({ file, type: 'engine', message: e instanceof Error ? e.message : String(e) });
    return '';
  }
}

/**
 * Renders the page's template, then the layout around it. Template errors never break the page:
 * they are collected (with the theme's parse errors) for the route to log and show owners.
 */
export function renderPage(
  compiler: Compiler,
  theme: CompiledTheme,
  ctx: PageContext,
  opts: { cldr: CLDR; now: number; assets: PageAssets; siteContextHtml?: string },
): RenderedPage {
  const errors: TemplateErrorJson[] = [...theme.parseErrors];
  const mainContent = execute(compiler, theme, ctx.template.file, ctx, opts.cldr, opts.now, errors);
  const layoutJson = {
    ...ctx,
    mainContent,
    themeCss: theme.css,
    assetsHead: opts.assets.headHtml,
    assetsBodyEnd: (opts.siteContextHtml ?? '') + opts.assets.bodyEndHtml,
  };
  const html = execute(compiler, theme, LAYOUT_FILE, layoutJson, opts.cldr, opts.now, errors);
  return { html: html || mainContent, errors };
}

/** One partial (`*.block`) rendered with `json` as its root: the builder's section preview. */
export function renderPartial(
  compiler: Compiler,
  theme: CompiledTheme,
  partial: string,
  json: object,
  opts: { cldr: CLDR; now: number },
): RenderedPage {
  const errors: TemplateErrorJson[] = [...theme.parseErrors];
  const code = theme.partials[partial];
  const html = execute(compiler, theme, partial, json, opts.cldr, opts.now, errors, code);
  return { html, errors };
}
