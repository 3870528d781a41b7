import { escapeHtml } from '../../shared/html.js';

/** The page's one inline script; /config's CSP allows exactly it, by hash (security-headers.ts). */
export const LOGIN_SCRIPT =
  "document.getElementById('login-form').addEventListener('submit',function(){var m=document.cookie.match(/(?:^|; )crumb=([^;]*)/);if(m)this.crumb.value=decodeURIComponent(m[1])})";

/**
 * The sign-in page. It works without JavaScript: a plain form post carrying the crumb the server
 * wrote into it, so the page is per visitor and must be served `no-store`. A tiny inline script
 * refreshes the field from the cookie at submit time, in case another tab changed the crumb since.
 */
export function renderLoginPage(opts: {
  error?: string;
  email?: string;
  next: string;
  crumb: string;
}): string {
  const err = opts.error
    ? `<p class="err" role="alert" id="login-error">${escapeHtml(opts.error)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f6f5f2;color:#1d1d1b;margin:0}main{max-width:24rem;margin:12vh auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #888;border-radius:4px;font:inherit}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}:focus-visible{outline:3px solid #2a6ef5;outline-offset:2px}.err{color:#a40000}</style></head>
<body><main><h1>Sign in to your website</h1>${err}
<form method="post" action="/config/login" id="login-form"${opts.error ? ' aria-describedby="login-error"' : ''}>
<input type="hidden" name="crumb" value="${escapeHtml(opts.crumb)}"><input type="hidden" name="next" value="${escapeHtml(opts.next)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required maxlength="256" value="${escapeHtml(opts.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024">
<button type="submit">Sign in</button></form></main>
<script>${LOGIN_SCRIPT}</script></body></html>`;
}
