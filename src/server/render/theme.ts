import fs from 'node:fs';
import path from 'node:path';
import type { Compiler, RootCode } from '@squarespace/template-engine';
import type { TemplateErrorJson } from './context/types.js';
import { parseTemplate } from './template-parse.js';

/** A theme parsed once: templates by relative path, partials by file name, inlined CSS. */
export interface CompiledTheme {
  name: string;
  templates: Map<string, RootCode>;
  /** `*.block` files, applied with `{@|apply name.block}`. */
  partials: Record<string, RootCode>;
  /** Errors found while parsing, per file; every render reports them too. */
  parseErrors: TemplateErrorJson[];
  /** The sources, to give runtime errors a line. */
  files: ThemeFiles;
  /** The theme's CSS, whitespace-trimmed, inlined into every page (small: no extra request). */
  css: string;
}

/** SPEC 9.2: partial nesting depth (the engine's limit). */
const PARTIAL_DEPTH = 16;

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

/** A theme's files by path relative to its folder ('collections/page.page'), text only. */
export type ThemeFiles = Map<string, string>;

const isThemeFile = (rel: string): boolean => {
  const ext = path.extname(rel);
  return ext === '.css' || ext === '.json' || TEMPLATE_EXT.has(ext) || ext === '.block';
};

/**
 * Reads a theme folder's text files (templates, partials, CSS, its settings file), plus the
 * files its `theme.json` borrows from another bundled theme (`"borrow": { "default":
 * ["blocks/gallery-design.block", "assets/gallery.css"] }`): one copy of a shared piece (Folio
 * draws galleries with the default theme's partials and CSS). A file of the theme's own wins.
 * The borrowed files are part of the result, so a developer-mode copy of the theme holds them.
 */
export function readThemeDir(dir: string): ThemeFiles {
  const files: ThemeFiles = new Map();
  for (const rel of walk(dir).sort()) {
    if (isThemeFile(rel)) files.set(rel, fs.readFileSync(path.join(dir, rel), 'utf8'));
  }
  for (const [rel, from] of borrowedFiles(files.get('theme.json'))) {
    if (files.has(rel)) continue;
    const file = path.join(dir, '..', from, rel);
    if (fs.existsSync(file)) files.set(rel, fs.readFileSync(file, 'utf8'));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `theme.json`'s borrowed files as [path, theme]; names that could leave `themes/` are ignored. */
function borrowedFiles(themeJson: string | undefined): [string, string][] {
  if (!themeJson) return [];
  let borrow: unknown;
  try {
    borrow = (JSON.parse(themeJson) as { borrow?: unknown }).borrow;
  } catch {
    return [];
  }
  if (!borrow || typeof borrow !== 'object') return [];
  return Object.entries(borrow).flatMap(([from, list]) =>
    /^[a-z0-9][a-z0-9_-]*$/i.test(from) && Array.isArray(list)
      ? list
          .filter(
            (rel): rel is string =>
              typeof rel === 'string' &&
              /^(assets|blocks|collections|pages)\/[\w.-]+$/.test(rel) &&
              !rel.includes('..') &&
              isThemeFile(rel),
          )
          .map((rel): [string, string] => [rel, from])
      : [],
  );
}

/**
 * Parses every template and partial of a theme. Errors do not stop compiling: the broken file
 * renders what the engine could parse and the errors (with their lines) are reported per
 * render. Developer mode refuses to publish a theme whose `parseErrors` is not empty.
 */
export function compileThemeFiles(
  files: ThemeFiles,
  name: string,
  compiler: Compiler,
): CompiledTheme {
  const templates = new Map<string, RootCode>();
  const partials: Record<string, RootCode> = {};
  const parseErrors: TemplateErrorJson[] = [];
  const applies: { file: string; name: string; line: number }[] = [];
  /** Partial → the partials it always applies (file, line): a cycle here never ends. */
  const always = new Map<string, { file: string; name: string; line: number }[]>();
  const cssParts: string[] = [];
  for (const rel of [...files.keys()].sort()) {
    const ext = path.extname(rel);
    const source = files.get(rel) ?? '';
    if (ext === '.css') {
      cssParts.push(source);
      continue;
    }
    if (!TEMPLATE_EXT.has(ext) && ext !== '.block') continue;
    const parsed = parseTemplate(compiler, rel, source);
    parseErrors.push(...parsed.errors);
    for (const [partial, line] of parsed.applies) applies.push({ file: rel, name: partial, line });
    if (ext === '.block') {
      const edges = [...parsed.alwaysApplies].map(([n, line]) => ({ file: rel, name: n, line }));
      always.set(path.basename(rel), edges);
    }
    if (ext === '.block') partials[path.basename(rel)] = parsed.code;
    else templates.set(rel, parsed.code);
  }
  // A partial that does not exist is known before any render (the engine says so per render).
  for (const a of applies) {
    if (partials[a.name]) continue;
    parseErrors.push({
      file: a.file,
      line: a.line,
      type: 'engine',
      message: `RuntimeError: Attempt to apply partial '${a.name}' which could not be found.`,
    });
  }
  parseErrors.push(...recursionErrors(always));
  return {
    name,
    templates,
    partials,
    parseErrors,
    files,
    css: minifyCss(cssParts.join('\n')),
  };
}

/**
 * A partial that always applies itself again (directly or through others, outside any block)
 * recurses until the engine's depth limit on every render: known before any render, reported at
 * each `apply` that closes the loop, with the engine's own message.
 */
function recursionErrors(
  always: Map<string, { file: string; name: string; line: number }[]>,
): TemplateErrorJson[] {
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean => {
    for (const e of always.get(from) ?? []) {
      if (e.name === target) return true;
      if (!seen.has(e.name)) {
        seen.add(e.name);
        if (reaches(e.name, target, seen)) return true;
      }
    }
    return false;
  };
  const errors: TemplateErrorJson[] = [];
  for (const edges of always.values()) {
    for (const e of edges) {
      if (!always.has(e.name) || !reaches(e.name, e.name)) continue;
      errors.push({
        file: e.file,
        line: e.line,
        type: 'engine',
        message: `RuntimeError: Attempt to apply partial '${e.name}' exceeded maximum recursion depth of ${PARTIAL_DEPTH}`,
      });
    }
  }
  return errors;
}

/** Parses every template and partial of a theme folder. */
export function compileTheme(dir: string, name: string, compiler: Compiler): CompiledTheme {
  return compileThemeFiles(readThemeDir(dir), name, compiler);
}

/** Themes compiled once per process (templates change only with a deploy). */
export class ThemeCache {
  private themes = new Map<string, CompiledTheme>();
  constructor(
    private readonly themesDir: string,
    private readonly compiler: Compiler,
  ) {}

  /** The folder a theme name reads from (an unknown or unsafe name reads the default theme). */
  folder(name: string): string {
    const safe = /^[a-z0-9][a-z0-9_-]*$/i.test(name) ? name : 'default';
    const dir = path.join(this.themesDir, safe);
    return fs.existsSync(dir) ? dir : path.join(this.themesDir, 'default');
  }

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
