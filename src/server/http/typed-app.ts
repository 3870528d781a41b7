import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Types `req.body`, `req.query`, `req.params` and `req.headers` from the route's TypeBox schema,
 * so handlers need no `as Static<…>` casts (eslint forbids them in src/server). It only types:
 * validation stays with the app's Ajv (coerceTypes for query scalars, never arrays to strings).
 *
 * Ours rather than `@fastify/type-provider-typebox`'s: its v6 is written for the `typebox` 1.x
 * package, whose `Static` reads our `@sinclair/typebox` 0.34 schemas only by coincidence (and
 * differently for enums, intersections and readonly). This is its v5 definition, on our TypeBox.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** The Fastify instance every domain's routes receive (`app.ts` applies the type provider). */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The same instance, typed by the schemas: a type-only step, nothing changes at run time. */
export function typed(app: FastifyInstance): TypedApp {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
