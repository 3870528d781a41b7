/**
 * The template `message` formatter's language: an ICU MessageFormat subset with plural rules per
 * locale (`Intl.PluralRules`). `{name}`, `{name, number}`, `{n, plural, =0 {…} one {# item}
 * other {# items}}` (optional `offset:1`), `{x, select, a {…} other {…}}`, `'` quoting as ICU
 * (`''` is one apostrophe, `'{'` a literal brace). SPEC 5.7: a plural without an `other` case is
 * rejected (when the message is read), a plural argument must be a number (when it is formatted).
 */
import { OwnerMessages } from '../owner-messages.js';

export class MessageFormatError extends Error {}

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'hash' }
  | { kind: 'arg'; name: string; format?: 'number' }
  | { kind: 'plural'; name: string; offset: number; cases: Map<string, Part[]> }
  | { kind: 'select'; name: string; cases: Map<string, Part[]> };

const syntax = (detail: string) =>
  new MessageFormatError(OwnerMessages.MESSAGE_SYNTAX.replace('{detail}', detail));

class Parser {
  pos = 0;
  constructor(private readonly src: string) {}

  /** Parts up to the end, or up to the `}` that closes a case (`inCase`). */
  message(inCase: boolean, inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push({ kind: 'text', text });
      text = '';
    };
    while (this.pos < this.src.length) {
      const c = this.src[this.pos]!;
      if (c === "'") {
        text += this.quoted();
      } else if (c === '{') {
        flush();
        parts.push(this.argument(inPlural));
      } else if (c === '}') {
        if (!inCase) throw syntax("a '}' without its '{'");
        flush();
        return parts;
      } else if (c === '#' && inPlural) {
        flush();
        parts.push({ kind: 'hash' });
        this.pos++;
      } else {
        text += c;
        this.pos++;
      }
    }
    if (inCase) throw syntax("a '{' is never closed");
    flush();
    return parts;
  }

  /** ICU quoting: `''` is an apostrophe; `'` before a brace or `#` quotes up to the next `'`. */
  private quoted(): string {
    const next = this.src[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next === '{' || next === '}' || next === '#') {
      const end = this.src.indexOf("'", this.pos + 1);
      const stop = end === -1 ? this.src.length : end;
      const text = this.src.slice(this.pos + 1, stop);
      this.pos = end === -1 ? stop : stop + 1;
      return text;
    }
    this.pos++;
    return "'";
  }

  private skipSpace(): void {
    while (/\s/.test(this.src[this.pos] ?? '')) this.pos++;
  }

  private word(): string {
    this.skipSpace();
    const m = /^[^\s,{}]+/.exec(this.src.slice(this.pos));
    if (!m) return '';
    this.pos += m[0].length;
    return m[0];
  }

  private expect(ch: string, what: string): void {
    this.skipSpace();
    if (this.src[this.pos] !== ch) throw syntax(what);
    this.pos++;
  }

  private argument(inPlural: boolean): Part {
    this.pos++; // '{'
    const name = this.word();
    if (!name) throw syntax('an argument without a name');
    this.skipSpace();
    if (this.src[this.pos] === '}') {
      this.pos++;
      return { kind: 'arg', name };
    }
    this.expect(',', `'${name}' is followed by something other than ',' or '}'`);
    const type = this.word();
    if (type === 'number') {
      this.expect('}', `'{${name}, number' is never closed`);
      return { kind: 'arg', name, format: 'number' };
    }
    if (type !== 'plural' && type !== 'select')
      throw syntax(`'${type}' is not a message type (plural, select or number)`);
    this.expect(',', `'${type}' needs its cases after a ','`);
    let offset = 0;
    const cases = new Map<string, Part[]>();
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] === '}') {
        this.pos++;
        break;
      }
      if (this.pos >= this.src.length) throw syntax("a '{' is never closed");
      const key = this.word();
      if (type === 'plural' && key.startsWith('offset:')) {
        offset = Number(key.slice(7));
        if (!Number.isFinite(offset)) throw syntax(`'${key}' is not a number offset`);
        continue;
      }
      if (!key) throw syntax(`a case of '${name}' has no name`);
      this.expect('{', `the case '${key}' needs a '{'`);
      cases.set(key, this.message(true, inPlural || type === 'plural'));
      this.pos++; // the case's '}'
    }
    if (type === 'plural') {
      if (!cases.has('other')) throw new MessageFormatError(OwnerMessages.MESSAGE_PLURAL_NO_OTHER);
      return { kind: 'plural', name, offset, cases };
    }
    return { kind: 'select', name, cases };
  }
}

/** A message read once; `format` fills it. Throws `MessageFormatError` for a bad message. */
export function parseMessage(message: string): Part[] {
  return new Parser(message).message(false, false);
}

export type MessageArgs = Record<string, unknown>;

/**
 * Formats a message in a locale ('en-US', 'ja'…). Arguments are by name; positional ones are
 * `{0}`, `{1}`…. Throws `MessageFormatError` (SPEC 5.7 texts) for a plural without `other` or a
 * plural argument that is not a number.
 */
export function formatMessage(message: string | Part[], args: MessageArgs, locale = 'en'): string {
  const parts = typeof message === 'string' ? parseMessage(message) : message;
  const tag = locale.replace('_', '-');
  let plurals: Intl.PluralRules;
  let numbers: Intl.NumberFormat;
  try {
    plurals = new Intl.PluralRules(tag);
    numbers = new Intl.NumberFormat(tag);
  } catch {
    plurals = new Intl.PluralRules('en');
    numbers = new Intl.NumberFormat('en');
  }
  const text = (v: unknown) =>
    typeof v === 'number' ? numbers.format(v) : v === undefined || v === null ? '' : String(v);
  const run = (list: Part[], hash: number | undefined): string =>
    list
      .map((p) => {
        switch (p.kind) {
          case 'text':
            return p.text;
          case 'hash':
            return hash === undefined ? '#' : numbers.format(hash);
          case 'arg':
            return text(args[p.name]);
          case 'select': {
            const chosen = p.cases.get(String(args[p.name])) ?? p.cases.get('other');
            return chosen ? run(chosen, hash) : '';
          }
          case 'plural': {
            const n = args[p.name];
            if (typeof n !== 'number' || !Number.isFinite(n))
              throw new MessageFormatError(OwnerMessages.MESSAGE_PLURAL_NOT_NUMBER);
            const shown = n - p.offset;
            const chosen =
              p.cases.get(`=${n}`) ?? p.cases.get(plurals.select(shown)) ?? p.cases.get('other')!;
            return run(chosen, shown);
          }
        }
      })
      .join('');
  return run(parts, undefined);
}
