import { escapeHtml } from '../../shared/html.js';

export interface PageSite {
  title: string;
  language: string;
}

/** A small, self-contained page (no scripts); every visitor- or owner-supplied text escaped. */
export function renderPage(site: PageSite, heading: string, body: string): string {
  const lang = escapeHtml(site.language || 'en');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} — ${escapeHtml(site.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fafafa}
header{padding:20px 24px;border-bottom:1px solid #e5e5e5;background:#fff}
header a{color:inherit;text-decoration:none;font-weight:600;letter-spacing:.02em}
main{max-width:640px;margin:32px auto;padding:0 24px}
h1{font-size:1.6rem;font-weight:600;margin:0 0 24px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e5e5e5}
th,td{padding:12px;text-align:left;border-bottom:1px solid #eee;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot td{font-weight:600;border-bottom:0}
.detail{color:#666;font-size:.9em}
.notice{margin:24px 0;padding:16px;border:1px solid #e0c97a;background:#fff8e1}
.back{display:inline-block;margin-top:8px;color:#1a1a1a}
</style>
</head>
<body>
<header><a href="/">${escapeHtml(site.title)}</a></header>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>`;
}

export function backLink(href: string, text: string): string {
  return `<a class="back" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

export function renderNotFound(site: PageSite): string {
  return renderPage(
    site,
    'Not found',
    `<p>This checkout link is not valid.</p>${backLink('/', 'Continue shopping')}`,
  );
}
