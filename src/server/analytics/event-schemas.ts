import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/** `schemas/events/` at the repository root (the same from `src/server/…` and `dist/server/…`). */
export const EVENT_SCHEMAS_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'schemas',
  'events',
);

export interface EventValidationError {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export type EventCheck = { ok: true } | { ok: false; errors: EventValidationError[] };

/**
 * The registry of named event JSON Schemas kept in the repository (`schemas/events/{Name}.json`).
 * Every schema is compiled once, at start-up, so validating an event on the request path is a
 * plain function call.
 */
export class EventSchemaRegistry {
  readonly ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(dir: string = EVENT_SCHEMAS_DIR) {
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const name = file.slice(0, -'.json'.length);
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as object;
      this.validators.set(name, this.ajv.compile(schema));
    }
  }

  names(): string[] {
    return [...this.validators.keys()];
  }

  has(name: string): boolean {
    return this.validators.has(name);
  }

  /** The compiled validator for `name` (undefined when no such schema). */
  validator(name: string): ValidateFunction | undefined {
    return this.validators.get(name);
  }

  check(name: string, content: unknown): EventCheck {
    const validate = this.validators.get(name);
    if (!validate) throw new Error(`no event schema '${name}'`);
    return validate(content) ? { ok: true } : { ok: false, errors: ajvErrors(validate.errors) };
  }
}

export function ajvErrors(errors: ErrorObject[] | null | undefined): EventValidationError[] {
  return (errors ?? []).slice(0, 20).map((e) => ({
    instancePath: e.instancePath,
    keyword: e.keyword,
    message: e.message ?? 'is invalid',
    params: e.params as Record<string, unknown>,
  }));
}

let shared: EventSchemaRegistry | undefined;

/** One registry per process: the schemas are files in the repository and never change at run time. */
export function eventSchemas(): EventSchemaRegistry {
  shared ??= new EventSchemaRegistry();
  return shared;
}
