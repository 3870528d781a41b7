import fs from 'node:fs';
import path from 'node:path';
import type { Compiler, RootCode } from '@squarespace/template-engine';
import type { TemplateErrorJson } from './context/types.js';

/** A theme parsed once: templates by relative path, partials by file name, inlined CSS. */
export interface CompiledTheme {
  name: string;
  templates: Map<string, RootCode>;
  /** `*.block` files, applied with `{@|apply name.block}`. */
  partials: Record<string, RootCode>;
  /** Errors found while parsing, per file; every render reports them too. */
  parseErrors: TemplateErrorJson[];
  /** The theme's CSS, whitespace-trimmed, inlined into every page (small: no extra request). */
  css: string;
}

const TEMPLATE_EXT = new Set(['.region', '.list', '.item', '.page']);

function walk(dir: string, rel = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? walk(path.join(dir, e.name), r) : [r];
  });
}

/** Drops comments and collapses whitespace; enough for hand-written CSS of a few KB. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .replace(/:\s+/g, ':')
    .trim();
}

/**
 * Parses every template and partial of a theme folder. Parse errors do not stop loading: the
 * broken file renders what the engine could parse and the errors are reported per render.
 */
export function compileTheme(dir: string, name: string, compiler: Compiler): CompiledTheme {
  const templates = new Map<string, RootCode>();
  const partials: Record<string, RootCode> = {};
  const parseErrors: TemplateErrorJson[] = [];
  const cssParts: string[] = [];
  for (const rel of walk(dir).sort()) {
    const ext = path.extname(rel);
    const full = path.join(dir, rel);
    if (ext === '.css') {
      cssParts.push(fs.readFileSync(full, 'utf8'));
      continue;
    }
    if (!TEMPLATE_EXT.has(ext) && ext !== '.block') continue;
    const { code, errors } = compiler.parse(fs.readFileSync(full, 'utf8'));
    for (const e of errors) parseErrors.push({ file: rel, type: e.type, message: e.message });
    if (ext === '.block') partials[path.basename(rel)] = code as RootCode;
    else templates.set(rel, code as RootCode);
  }
  return { name, templates, partials, parseErrors, css: minifyCss(cssParts.join('\n')) };
}

/** Themes compiled once per process (templates change only with a deploy). */
export class ThemeCache {
  private themes = new Map<string, CompiledTheme>();
  constructor(
    private readonly themesDir: string,
    private readonly compiler: Compiler,
  ) {}

  get(name: string): CompiledTheme {
    let theme = this.themes.get(name);
    if (!theme) {
      // Theme names come from the database; never let one walk out of the themes folder.
      const safe = /^[a-z0-9][a-z0-9_-]*$/i.test(name) ? name : 'default';
      const dir = path.join(this.themesDir, safe);
      theme = compileTheme(
        fs.existsSync(dir) ? dir : path.join(this.themesDir, 'default'),
        safe,
        this.compiler,
      );
      this.themes.set(name, theme);
    }
    return theme;
  }
}
