import fc from 'fast-check';

/** A JSON Schema as TypeBox builds them (the parts the generator reads). */
export interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
  items?: SchemaLike;
  anyOf?: SchemaLike[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** Strings that broke, or could break, something on the way to the database or a page. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\0',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udc00y',
  '\ud83d\ude00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '"; DROP TABLE carts; --',
  '\r\nSet-Cookie: x=1',
  '1e400',
  '-1',
  '99999999999999999999',
  'NaN',
  'null',
  '[]',
  '{}',
  'x'.repeat(3000),
  'W1tlNDAwLCJ4Il0', // base64url of [1e400,"x"] (a crafted cursor)
  'WzEuNWUzMDAsIngiXQ',
];

const NASTY_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e20,
  -1e20,
  Number.MAX_VALUE,
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  );

export const nastyNumber = (): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double({ noNaN: true }));

/** Any JSON value, small. */
export const anyJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    nastyString(),
    nastyNumber(),
    fc.boolean(),
    fc.constant(null),
    fc.array(nastyString(), { maxLength: 3 }),
    fc.dictionary(nastyString(), nastyString(), { maxKeys: 3 }),
  );

const typesOf = (s: SchemaLike): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

/**
 * Values for a schema: mostly of its shape (so requests get past validation and reach the
 * service), sometimes of another (so validation itself is exercised).
 */
export function valueFor(schema: SchemaLike | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson();
  return fc.oneof(
    { weight: 5, arbitrary: shaped(schema, depth) },
    { weight: 1, arbitrary: anyJson() },
  );
}

function shaped(schema: SchemaLike, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth + 1)));
  const types = typesOf(schema);
  const type = types[0];
  switch (type) {
    case 'string':
      return nastyString();
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? -1000;
      const hi = schema.maximum ?? 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) }),
        nastyNumber(),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyJson();
  }
}

export function objectFor(schema: SchemaLike, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(props).map(([k, s]) => {
    const v = valueFor(s, depth + 1);
    // Optional keys are sometimes absent; required ones rarely.
    const present = required.has(k)
      ? fc.boolean().map((b) => b || Math.random() > 0.1)
      : fc.boolean();
    return fc.tuple(fc.constant(k), v, present);
  });
  const extra = fc.dictionary(nastyString(), anyJson(), { maxKeys: 2 });
  return fc.tuple(fc.tuple(...entries), extra, fc.boolean()).map(([list, more, addExtra]) => {
    const out: Record<string, unknown> = addExtra ? { ...more } : {};
    for (const [k, v, present] of list) if (present) out[k] = v;
    return out;
  });
}

/** Query strings: the schema's keys with nasty values, sometimes repeated, sometimes raw `%00`. */
export function queryFor(schema: SchemaLike | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const keyArb = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyString()) : nastyString();
  const pair = fc.tuple(keyArb, fc.oneof(nastyString(), nastyNumber().map(String)));
  return fc.tuple(fc.array(pair, { maxLength: 4 }), fc.boolean()).map(([pairs, raw]) => {
    const q = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
    return raw ? `${q}&raw=%00%ED%A0%80` : q;
  });
}

/** A path parameter: nasty strings, percent-encoded as a client would send them. */
export const paramValue = (): fc.Arbitrary<string> =>
  fc.oneof(nastyString().map(enc), fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '..%2F..', 'x'));

function enc(v: string): string {
  // encodeURIComponent throws on lone surrogates; send their UTF-8-like bytes as a client might.
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(
      /[^\w.~-]/g,
      (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`,
    );
  }
}
