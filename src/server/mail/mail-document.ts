import { escapeHtml } from '../../shared/html.js';

/**
 * A mail's HTML as a whole, well-formed document: doctype, `lang`, a head with its charset and
 * title, and the body. Every mail's HTML goes through here so none starts or ends half-made;
 * the mailer adds the unsubscribe footer inside `<body>` (mailer.ts `withFooter`).
 */
export function mailDocument(opts: {
  /** 'en', 'ja-JP'…; the mail texts' language. */
  lang: string;
  /** Plain text (escaped here): the subject, usually. */
  title: string;
  /** Trusted HTML, already escaped where it holds visitor text. */
  body: string;
  bodyStyle?: string;
}): string {
  const style = opts.bodyStyle ?? 'font-family:system-ui,sans-serif;line-height:1.5';
  return (
    `<!doctype html><html lang="${escapeHtml(opts.lang)}">${head(opts.title)}` +
    `<body style="${escapeHtml(style)}">${opts.body}</body></html>`
  );
}

const head = (title: string) =>
  `<head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head>`;

/**
 * Any mail's HTML as a whole document (the mailer's last step): a fragment is wrapped, and a
 * document written without a head gets one (charset, title) and a `lang`.
 */
export function wholeDocument(html: string, lang: string, title: string): string {
  if (!/<html[\s>]/i.test(html)) return mailDocument({ lang, title, body: html });
  if (/<head[\s>]/i.test(html)) return html;
  return html.replace(/<html([^>]*)>/i, (_m, attrs: string) => {
    const withLang = /\blang=/i.test(attrs) ? attrs : `${attrs} lang="${escapeHtml(lang)}"`;
    return `<html${withLang}>${head(title)}`;
  });
}
