/**
 * The XSS corpus (issue 11). Every payload, if it ever ran or became markup, calls the canary
 * `__xss(id)` (or `alert(id)`), or leaves an element carrying `data-xss`, a `javascript:` URL or
 * a template-engine marker the page scan (probe.ts) finds — so a payload that is blocked by the
 * dashboard's CSP or needs a click is still caught as injected markup.
 *
 * To add one: append `{ id, text }` with the next id; keep it under 100 characters (the checkout
 * name and city limit) unless it only goes into long fields. Ids are what failures name.
 */
export interface Payload {
  id: number;
  text: string;
}

const LS = '\u2028';
const PS = '\u2029';
const RLO = '\u202E';
const PDF = '\u202C';

export const PAYLOADS: readonly Payload[] = [
  { id: 1, text: '<script>__xss(1)</script>' },
  { id: 2, text: '"><img src=x onerror=__xss(2) data-xss>' },
  { id: 3, text: "'><img src=x onerror=__xss(3) data-xss>" },
  { id: 4, text: 'javascript:__xss(4)' },
  { id: 5, text: '<svg onload=__xss(5) data-xss>' },
  { id: 6, text: '" autofocus onfocus="__xss(6)" data-xss="' },
  { id: 7, text: "' autofocus onfocus='__xss(7)' data-xss='" },
  { id: 8, text: '` autofocus onfocus=__xss(8) data-xss `' },
  { id: 9, text: '</script><script>__xss(9)</script>' },
  { id: 10, text: '</script><img src=x onerror=__xss(10) data-xss>' },
  { id: 11, text: '</textarea><img src=x onerror=__xss(11) data-xss>' },
  { id: 12, text: '</title><img src=x onerror=__xss(12) data-xss>' },
  { id: 13, text: '</style><img src=x onerror=__xss(13) data-xss>' },
  // CSS: an attribute breakout into style with the old IE expression() and a javascript: url.
  { id: 14, text: 'x" style="width:expression(__xss(14));background:url(javascript:__xss(14))' },
  { id: 15, text: '<a href="javascript:__xss(15)" data-xss>link</a>' },
  { id: 16, text: '<iframe srcdoc="<script>parent.__xss(16)</script>" data-xss></iframe>' },
  // JSON-T: a value must never be parsed as template source.
  { id: 17, text: '{.section website}<img src=x onerror=__xss(17) data-xss>{.end}' },
  { id: 18, text: '{.if website}TPLHIT18{.end}{@|json}{website.siteTitle}{.raw}' },
  // Line and paragraph separators close a JS string in pre-2019 engines: inside inline JSON.
  { id: 19, text: `a${LS}b${PS}c"});__xss(19);//` },
  // Right-to-left override: shown as text, never reordering markup around it.
  { id: 20, text: `${RLO}gpj.exe${PDF}<img src=x onerror=__xss(20) data-xss>` },
  { id: 21, text: '<img src=x onerror=alert(21) data-xss>' },
  // Already-escaped text must not be decoded into markup somewhere on the way.
  { id: 22, text: '&lt;img src=x onerror=__xss(22) data-xss&gt;' },
  { id: 23, text: '<math><mtext><table><mglyph><style><img src=x onerror=__xss(23) data-xss>' },
  { id: 24, text: '\\"});__xss(24);//' },
  { id: 25, text: '<!--<img src="--><img src=x onerror=__xss(25) data-xss>' },
  { id: 26, text: '<base href="javascript:__xss(26)//" data-xss>' },
  { id: 27, text: '%3Cimg%20src%3Dx%20onerror%3D__xss(27)%20data-xss%3E' },
  { id: 28, text: '<details open ontoggle=__xss(28) data-xss>' },
  { id: 29, text: '<input autofocus onfocus=__xss(29) data-xss>' },
];

/**
 * Addresses valid under SPEC 5.7, the checkout's rule and the mail rule (no spaces, one @, no
 * header specials `<>"(),;:[]\\`): the local part is the attack, with what is left to it
 * (quotes, backticks, braces, `&#…`, `%…`). They are accepted and must stay text. Ids 101+.
 */
export const EMAIL_PAYLOADS: readonly Payload[] = [
  { id: 101, text: "'-__xss`101`-'@x.co" },
  { id: 102, text: "'/autofocus/onfocus='__xss`102`'/data-xss='@x.co" },
  { id: 103, text: '{{__xss`103`}}{website.siteTitle}{.end}@x.co' },
  { id: 104, text: '&#60img/src/onerror=__xss`104`/data-xss&#62@x.co' },
  { id: 105, text: '%3Csvg/onload=__xss`105`%3E@x.co' },
];

/**
 * Addresses with markup or header specials: refused where they are typed (400), because every
 * address ends up in a To or Reply-To header (it was a 500 when the mail was built).
 */
export const EMAIL_REFUSED: readonly string[] = [
  '"><svg/onload=__xss(111)>@x.co',
  '<img/src/onerror=__xss(112)>@x.co',
  "'-__xss(113)-'@x.co",
  'javascript:__xss(114)//@x.co',
  '</script><svg/onload=__xss(115)>@x.co',
];

/** CR/LF with a header line after it: must be refused or folded, never a header of its own. */
export const HEADER_INJECTIONS = [
  'Ada\r\nBcc: injected@evil.test\r\nX-Injected: 1',
  'Ada\nX-Injected: 2',
  'Ada\r\n\r\n<img src=x onerror=__xss(201) data-xss>',
] as const;

/** An address with a header after it (the CR/LF variant of an email field). */
export const HEADER_EMAIL_INJECTIONS = [
  'shopper@x.co\r\nBcc: injected@evil.test',
  'shopper@x.co\nX-Injected: 1',
  'shopper@x.co,injected@evil.test',
] as const;

/**
 * Spreads the corpus over `fields` of `records` records so that every payload reaches every
 * view: record r, field f gets payload (r * fields + f) mod N. Returns records × fields texts.
 */
export function spread(
  corpus: readonly Payload[],
  fields: number,
  records = Math.ceil(corpus.length / fields),
): string[][] {
  const out: string[][] = [];
  for (let r = 0; r < records; r++) {
    const row: string[] = [];
    for (let f = 0; f < fields; f++) row.push(corpus[(r * fields + f) % corpus.length]!.text);
    out.push(row);
  }
  return out;
}
