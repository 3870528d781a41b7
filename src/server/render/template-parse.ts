import {
  Assembler,
  Formatters,
  MatcherImpl,
  Opcode,
  Parser,
  Predicates,
  getCode,
  type Compiler,
  type FormatterTable,
  type Instruction,
  type PredicateTable,
  type RootCode,
  type TemplateError,
} from '@squarespace/template-engine';
// The expression parser is not re-exported by the package's index; its build step is what the
// engine runs at the first render, so running it here finds the same errors at compile time.
import { Expr } from '@squarespace/template-engine/lib/math.js';
import type { TemplateErrorJson } from './context/types.js';

/** SPEC 5.7: the expression evaluator's limits (the engine runs with the same). */
export const EXPR_OPTS = { maxTokens: 1000, maxStringLen: 100_000 };

interface Tables {
  formatters: FormatterTable;
  predicates: PredicateTable;
}
const tablesByCompiler = new WeakMap<Compiler, Tables>();

/** Remembers which helpers a compiler knows, so templates parse against the same tables. */
export function registerCompilerTables(compiler: Compiler, tables: Tables): void {
  tablesByCompiler.set(compiler, tables);
}

function tablesOf(compiler: Compiler): Tables {
  return tablesByCompiler.get(compiler) ?? { formatters: Formatters, predicates: Predicates };
}

/** Maps a character offset to its 1-based line. */
export function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Where the parser is: the start of the tag (or text run) it is handling. */
class PositionedParser extends Parser {
  at = 0;
  override parseTag(start: number, end: number): boolean {
    this.at = start - 1;
    return super.parseTag(start, end);
  }
  override flushText(start: number, end: number): void {
    if (start < end) this.at = start;
    super.flushText(start, end);
  }
}

/**
 * Records each instruction's offset, so errors get a line. A tag whose formatter is unknown is
 * not an instruction, and the engine would print its source as text: visitors would see
 * `{title|typo}`. The text of that one failed tag is dropped instead (the error says why).
 */
class PositionedAssembler extends Assembler {
  parser: PositionedParser | undefined;
  readonly offsets = new WeakMap<object, number>();
  readonly located: { error: TemplateError; offset: number }[] = [];
  private dropNextText = false;

  override accept(inst: Instruction): void {
    const code = getCode(inst);
    if (this.dropNextText && Array.isArray(code) && code[0] === Opcode.TEXT) {
      this.dropNextText = false;
      return;
    }
    if (typeof code === 'object' && code !== null) this.offsets.set(code, this.parser?.at ?? 0);
    super.accept(inst);
  }

  override error(err: TemplateError): void {
    let offset = this.parser?.at ?? 0;
    // An unclosed block is reported at EOF: point at the line that opened it.
    const open = (this as unknown as { current?: Instruction }).current;
    if (/EOF in the middle of/.test(err.message) && open) {
      offset = this.offsets.get(getCode(open) as object) ?? offset;
    }
    if (/^SyntaxError: Formatter '.*' is unknown$/.test(err.message)) this.dropNextText = true;
    this.located.push({ error: err, offset });
    super.error(err);
  }
}

export interface ParsedTemplate {
  code: RootCode;
  /** Parse errors and the errors found without running it (expressions, missing partials). */
  errors: TemplateErrorJson[];
  /** Partial names this template applies, with the line of the first use. */
  applies: Map<string, number>;
  /** Those applied outside any block (always run when the template runs), with their line. */
  alwaysApplies: Map<string, number>;
}

type Walkable = unknown[];

/**
 * Visits every instruction array of a parsed tree (blocks nest arrays of instructions);
 * `inBlock` tells whether a section, repeated, if or predicate block encloses it.
 */
function walk(
  node: unknown,
  visit: (inst: Walkable, inBlock: boolean) => void,
  inBlock = false,
): void {
  if (!Array.isArray(node)) return;
  const isInst = typeof node[0] === 'number';
  if (isInst) visit(node, inBlock);
  const nested = inBlock || (isInst && node[0] !== Opcode.ROOT);
  for (const child of node) if (Array.isArray(child)) walk(child, visit, nested);
}

/** Formatter calls (`[name, [args, delimiter]]`) of a VARIABLE or BINDVAR instruction. */
function formatterCalls(inst: Walkable): unknown[] {
  const calls = inst[0] === Opcode.VARIABLE ? inst[2] : inst[0] === Opcode.BINDVAR ? inst[3] : 0;
  return Array.isArray(calls) ? calls : [];
}

/**
 * Parses one template with line numbers. `file` names it in the errors. Expression syntax is
 * checked here (the engine only reports it on the first render after start, and then caches the
 * broken expression silently).
 */
export function parseTemplate(compiler: Compiler, file: string, source: string): ParsedTemplate {
  const { formatters, predicates } = tablesOf(compiler);
  const sink = new PositionedAssembler();
  const parser = new PositionedParser(source, sink, new MatcherImpl(''), formatters, predicates);
  sink.parser = parser;
  parser.parse();
  const code = sink.code() as RootCode;
  const errors: TemplateErrorJson[] = sink.located.map(({ error, offset }) => ({
    file,
    line: lineAt(source, offset),
    type: error.type,
    message: error.message,
  }));
  const applies = new Map<string, number>();
  const alwaysApplies = new Map<string, number>();
  walk(code, (inst, inBlock) => {
    const offset = sink.offsets.get(inst);
    const line = offset === undefined ? undefined : lineAt(source, offset);
    if (inst[0] === Opcode.EVAL && typeof inst[1] === 'string') {
      const raw = inst[1].startsWith('#') ? inst[1].slice(1) : inst[1];
      const expr = new Expr(raw, EXPR_OPTS);
      expr.build();
      for (const e of expr.errors) {
        errors.push({
          file,
          line,
          type: 'engine',
          message: `RuntimeError: Error parsing expression: ${JSON.stringify(raw)}: ${e}`,
        });
      }
    }
    for (const call of formatterCalls(inst)) {
      if (!Array.isArray(call) || call[0] !== 'apply') continue;
      const args = call[1] as [string[], string] | undefined;
      const name = args?.[0]?.[0];
      if (name && !applies.has(name)) applies.set(name, line ?? 1);
      if (name && !inBlock && !alwaysApplies.has(name)) alwaysApplies.set(name, line ?? 1);
    }
  });
  return { code, errors, applies, alwaysApplies };
}
