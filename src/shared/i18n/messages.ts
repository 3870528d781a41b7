/**
 * Shopper-facing texts of the one registry (`Messages`, errors.ts) in the page's language. The
 * server and the shared rules speak English (SPEC's exact texts: the wire contract and every
 * English site); a page shows what it got through `localizeMessage(language, text)`, which maps a
 * known text back to its key and takes that key from the language's `messages` table
 * (`i18n/{language}/messages.ts`, registered like every area in text-packs.ts). Unknown texts (an
 * owner's own words, a payment provider's message) stay as they are.
 */
import { Messages } from '../errors.js';
import { areaTexts } from './text-packs.js';

export type MessageKey = keyof typeof Messages;

export interface MessageTexts {
  /** Every `Messages` key in this language. */
  messages: Readonly<Record<MessageKey, string>>;
  /**
   * Other English texts of the shared rules and the server → this language: SPEC 2.2's alert
   * titles (cart/alert-title.ts), the checkout's field, payment and discount-code texts
   * (text-packs.test.ts checks each has one).
   */
  extra: Readonly<Record<string, string>>;
  /** SPEC 5.1's 'Please select the … option(s).' for these option names. */
  selectOptions: (names: string[]) => string;
}

let byText: Map<string, MessageKey> | undefined;

function keyOf(text: string): MessageKey | undefined {
  if (!byText) {
    byText = new Map();
    for (const [k, v] of Object.entries(Messages))
      if (!byText.has(v)) byText.set(v, k as MessageKey);
  }
  return byText.get(text);
}

const patterns = new Map<string, { pattern: RegExp; names: string[] }>();

/** The values in `text` when it is `english` with its `{placeholders}` filled in. */
function valuesIn(text: string, english: string): Record<string, string> | undefined {
  let p = patterns.get(english);
  if (!p) {
    const parts = english.split(/\{(\w+)\}/);
    const body = parts
      .map((part, i) => (i % 2 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    p = { pattern: new RegExp(`^${body}$`), names: parts.filter((_, i) => i % 2) };
    patterns.set(english, p);
  }
  const m = p.pattern.exec(text);
  return m ? Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) : undefined;
}

const templates = new WeakMap<MessageTexts, [english: string, translated: string][]>();

/** A language's texts that have `{placeholders}`, English → translated, listed once per table. */
function templatesOf(t: MessageTexts): [string, string][] {
  let list = templates.get(t);
  if (!list) {
    list = [
      ...Object.entries(Messages).map(([k, v]): [string, string] => [
        v,
        t.messages[k as MessageKey],
      ]),
      ...Object.entries(t.extra),
    ].filter(([english]) => english.includes('{'));
    templates.set(t, list);
  }
  return list;
}

/**
 * A registry or extra text with its values filled in ('{subtotal}', '{code}', '{max}',
 * '{amount}'), in the language's words with the same values; undefined if it is none.
 */
function filledText(t: MessageTexts, text: string): string | undefined {
  for (const [english, translated] of templatesOf(t)) {
    const values = valuesIn(text, english);
    if (values) return translated.replace(/\{(\w+)\}/g, (p, n: string) => values[n] ?? p);
  }
  return undefined;
}

/** SPEC 5.1's option names back out of its English sentence, or undefined. */
function selectedOptionNames(text: string): string[] | undefined {
  const one = /^Please select the (.+) option\.$/.exec(text);
  if (one) return [one[1]!];
  const many = /^Please select the (.+), and (.+) options\.$/.exec(text);
  if (many) return [...many[1]!.split(', '), many[2]!];
  const two = /^Please select the (.+) and (.+) options\.$/.exec(text);
  return two ? [two[1]!, two[2]!] : undefined;
}

/** `text` (a registry or rule text in English) in `language`; as it is when unknown. */
export function localizeMessage(language: string | null | undefined, text: string): string {
  const t = areaTexts<MessageTexts>('messages', language);
  if (!t || !text) return text;
  const key = keyOf(text);
  if (key) return t.messages[key];
  if (Object.hasOwn(t.extra, text)) return t.extra[text]!;
  const names = selectedOptionNames(text);
  if (names) return t.selectOptions(names);
  return filledText(t, text) ?? text;
}
