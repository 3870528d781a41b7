import { escapeHtml } from '../../shared/html.js';

/**
 * The one inline script of the account pages; /config's CSP allows exactly it, by hash
 * (security-headers.ts). At submit time it copies the crumb cookie into the form's field, in
 * case another tab changed the crumb since the page was served. Without JavaScript the field
 * already holds the crumb the server wrote into it.
 */
export const LOGIN_SCRIPT =
  "document.querySelectorAll('form[data-crumb]').forEach(function(f){f.addEventListener('submit',function(){var m=document.cookie.match(/(?:^|; )crumb=([^;]*)/);if(m)f.crumb.value=decodeURIComponent(m[1])})})";

const CSS = `body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f5f2;color:#1d1d1b;margin:0}
main{box-sizing:border-box;width:min(25rem,calc(100% - 2rem));margin:10vh auto 2rem;background:#fff;padding:2rem;border-radius:10px;box-shadow:0 1px 4px #0002}
@media (max-width:30rem){main{margin-top:1rem;padding:1.5rem 1.25rem}}
h1{font-size:1.45rem;line-height:1.25;margin:0 0 .5rem}p{margin:.5rem 0}.intro{color:#4a4a46}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.65rem;border:1px solid #888;border-radius:6px;font:inherit;background:#fff}
input.code{font-size:1.5rem;letter-spacing:.35em;text-align:center;font-variant-numeric:tabular-nums}
.help{color:#5b5b57;font-size:.875rem;margin:.3rem 0 0}
button{margin-top:1.3rem;width:100%;padding:.75rem;border:0;border-radius:6px;background:#1d1d1b;color:#fff;font:inherit;font-weight:600;cursor:pointer}button:hover{background:#3a3a36}
button.quiet{background:#fff;color:#1d1d1b;border:1px solid #1d1d1b;margin-top:.8rem}button.quiet:hover{background:#f0efeb}
:focus-visible{outline:3px solid #2a6ef5;outline-offset:2px}a{color:#1d1d1b;text-underline-offset:2px}
.err,.ok{border-radius:6px;padding:.6rem .8rem;margin:1rem 0}.err{color:#8a0000;background:#fdeeee;border:1px solid #f3c5c5}.ok{color:#1a4d1f;background:#eef7ee;border:1px solid #c4e3c6}
.links{margin:1.4rem 0 0;padding-top:1rem;border-top:1px solid #e6e4df;font-size:.95rem;display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1rem}
form+form{margin-top:1.4rem;padding-top:1rem;border-top:1px solid #e6e4df}
.brand{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#6b6b66;margin:0 0 1.2rem}`;

export interface AuthPageOptions {
  /** The document title and the heading. */
  title: string;
  /** The website's title, shown above the heading. */
  siteTitle?: string | undefined;
  intro?: string | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  /** Trusted HTML: the page's forms (escape every value put in them). */
  body?: string;
  /** Links under the card's content: [label, href]. */
  links?: [string, string][];
}

/** The frame of every account page (sign-in, sign-up, verify, forgot, reset): one card. */
export function renderAuthPage(o: AuthPageOptions): string {
  const err = o.error
    ? `<p class="err" role="alert" id="login-error">${escapeHtml(o.error)}</p>`
    : '';
  const ok = o.notice
    ? `<p class="ok" role="status" id="login-notice">${escapeHtml(o.notice)}</p>`
    : '';
  const links = o.links?.length
    ? `<p class="links">${o.links.map(([label, href]) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join('')}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(o.title)}</title>
<style>${CSS}</style></head>
<body><main>${o.siteTitle ? `<p class="brand">${escapeHtml(o.siteTitle)}</p>` : ''}<h1>${escapeHtml(o.title)}</h1>${o.intro ? `<p class="intro">${escapeHtml(o.intro)}</p>` : ''}${err}${ok}
${o.body ?? ''}${links}</main>
<script>${LOGIN_SCRIPT}</script></body></html>`;
}

/** A form posting to `action` with the crumb (and any hidden fields); `inner` is trusted HTML. */
export function crumbForm(
  action: string,
  crumb: string,
  hidden: Record<string, string>,
  inner: string,
  opts: { id?: string; describedBy?: boolean } = {},
): string {
  const fields = Object.entries({ crumb, ...hidden })
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action)}" data-crumb${opts.id ? ` id="${escapeHtml(opts.id)}"` : ''}${opts.describedBy ? ' aria-describedby="login-error"' : ''}>
${fields}${inner}</form>`;
}

/** A labelled input; `attrs` is trusted. */
export function field(id: string, label: string, attrs: string, value = '', help?: string): string {
  const helpHtml = help ? `<p class="help" id="${id}-help">${escapeHtml(help)}</p>` : '';
  return `<label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" ${attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${help ? ` aria-describedby="${id}-help"` : ''}>${helpHtml}`;
}
