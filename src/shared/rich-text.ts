/**
 * The rich text owners save (product descriptions, issue 12) is rebuilt from an allow-list: the
 * tags the editor's toolbar makes (TipTap's starter kit and links), no attributes but a link's
 * `href` (http, https, mailto, tel, relative) and `target`. Pages render descriptions as they are
 * stored, and a store manager must not be able to plant a script that runs in an admin's browser,
 * so scripts, styles, frames, event handlers and `javascript:` links are dropped on save. Every
 * tag in the output is written here, never copied, so odd markup cannot slip through.
 */
import { escapeHtml } from './html.js';

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'span',
  'sub',
  'sup',
]);
const VOID = new Set(['br', 'hr']);
/** Elements dropped with everything inside them. */
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|noscript|template|textarea|title|xmp|svg|math)\b[\s\S]*?<\/\1\s*>/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;
const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/|#|\?|[^:/?#]*(?:[/?#]|$))/i;

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) =>
      String.fromCodePoint(parseInt(h, 16) % 0x110000),
    )
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&');
}

function attributesOf(tag: string, raw: string): string {
  if (tag !== 'a') return '';
  let out = '';
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    const quoted = m[2] ?? '';
    const value = decodeEntities(quoted.replace(/^["']|["']$/g, ''));
    if (name === 'href') {
      // Browsers ignore control characters and spaces inside a scheme ('java\tscript:').
      const bare = [...value]
        .filter((c) => c.charCodeAt(0) > 0x20 && (c < '\u007f' || c > '\u009f'))
        .join('');
      if (SAFE_HREF.test(bare)) out += ` href="${escapeHtml(value.trim())}"`;
    } else if (name === 'target' && value === '_blank') {
      out += ' target="_blank" rel="noopener noreferrer"';
    }
  }
  return out;
}

/** The owner's HTML with only the allowed tags and attributes left. */
export function sanitizeRichText(html: string): string {
  const text = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    out += escapeText(text.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      if (!VOID.has(tag)) out += `</${tag}>`;
    } else {
      out += `<${tag}${attributesOf(tag, m[3] ?? '')}>`;
    }
  }
  return out + escapeText(text.slice(last));
}

/** Text between tags: a stray `<` or `>` becomes an entity; entities the owner wrote stay. */
function escapeText(s: string): string {
  return s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
