import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Static, TSchema } from '@sinclair/typebox';
import { REPO_ROOT } from '../repo-root.js';

/** `schemas/events/` at the repository root. */
export const EVENT_SCHEMAS_DIR = path.join(REPO_ROOT, 'schemas', 'events');

export interface EventValidationError {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export type EventCheck = { ok: true } | { ok: false; errors: EventValidationError[] };

/**
 * The registry of named event JSON Schemas kept in the repository (`schemas/events/{Name}.json`).
 * Every schema is added at start-up and compiled once, the first time it is used (compiling all
 * of them cost a tenth of the start-up budget); after that, validating an event on the request
 * path is a plain function call.
 */
export class EventSchemaRegistry {
  readonly ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  private readonly schemaNames = new Set<string>();

  constructor(dir: string = EVENT_SCHEMAS_DIR) {
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const name = file.slice(0, -'.json'.length);
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
        $id?: string;
      };
      if (schema.$id !== name) throw new Error(`${file}: $id must be '${name}'`);
      this.ajv.addSchema(schema);
      this.schemaNames.add(name);
    }
  }

  names(): string[] {
    return [...this.schemaNames];
  }

  has(name: string): boolean {
    return this.schemaNames.has(name);
  }

  /** The compiled validator for `name` (compiled on first use; undefined when no such schema). */
  validator(name: string): ValidateFunction | undefined {
    return this.has(name) ? this.ajv.getSchema(name) : undefined;
  }

  /** A schema of the server's own on this registry's Ajv, compiled the first time it is used. */
  compileOnUse<S extends TSchema>(schema: S): () => ValidateFunction<Static<S>> {
    let validate: ValidateFunction<Static<S>> | undefined;
    return () => (validate ??= this.ajv.compile<Static<S>>(schema));
  }

  check(name: string, content: unknown): EventCheck {
    const validate = this.validator(name);
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
