import { escapeHtml } from '../../shared/html.js';
import { MIN_PASSWORD_LENGTH } from '../../shared/accounts/api.js';
import { LOGIN_SCRIPT } from '../owners/login-page.js';

/**
 * How the page meets the person: `new` sets a password, `password` has an account and is not
 * signed in as it, `signed-in` is that account already, `joined` after accepting (a sign-in
 * form follows), `invalid` for a used, expired or unknown link.
 */
export type InvitePageState =
  | { kind: 'new' | 'password' | 'signed-in'; token: string; email: string }
  | { kind: 'joined'; email: string }
  | { kind: 'invalid' };

export interface InvitePageOptions {
  state: InvitePageState;
  siteTitle: string;
  /** The role in words ('editor'); absent for `invalid`. */
  roleLabel?: string;
  crumb: string;
  error?: string | undefined;
}

// The sign-in page's look (owners/login-page.ts), with the invite's summary and hints.
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f6f5f2;color:#1d1d1b;margin:0}main{max-width:26rem;margin:10vh auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
@media (max-width:30rem){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none;padding:1.5rem}}
h1{font-size:1.4rem;margin-top:0;line-height:1.3}label{display:block;margin:.8rem 0 .3rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #888;border-radius:4px;font:inherit}
input[readonly]{background:#f3f3f1;border-color:#ccc}.hint{color:#555;font-size:.9rem;margin:.3rem 0 0}
.summary{background:#f6f5f2;border-radius:6px;padding:.8rem 1rem;margin:0 0 1rem}.summary strong{font-weight:600}
.badge{display:inline-block;background:#e8eefc;color:#1d3f91;border-radius:999px;padding:0 .6rem;font-size:.85rem;font-weight:600}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}:focus-visible{outline:3px solid #2a6ef5;outline-offset:2px}
.err{color:#a40000}.ok{color:#17612e;font-weight:600}a{color:#1d1d1b}`;

/**
 * The invite page (`/config/invite?token=…`): works without JavaScript like the sign-in page (a
 * plain form post carrying the crumb, so it is served `no-store`); the same tiny script as the
 * sign-in page refreshes the crumb at submit time (its forms carry `data-crumb`, and the CSP allows
 * exactly that script).
 */
export function renderInvitePage(opts: InvitePageOptions): string {
  const e = escapeHtml;
  const { state } = opts;
  const err = opts.error ? `<p class="err" role="alert" id="form-error">${e(opts.error)}</p>` : '';
  const described = opts.error ? ' aria-describedby="form-error"' : '';
  const site = `<strong>${e(opts.siteTitle)}</strong>`;
  const role = opts.roleLabel ? ` <span class="badge">${e(opts.roleLabel)}</span>` : '';
  const crumb = `<input type="hidden" name="crumb" value="${e(opts.crumb)}">`;
  let title: string;
  let body: string;
  if (state.kind === 'invalid') {
    title = 'This invite cannot be used';
    body = `<h1>${title}</h1>${err}<p>The link was already used, was revoked, or is more than 7 days old. Ask the person who invited you to send a new one.</p>
<p><a href="/config/login">Sign in</a> if you have joined already.</p>`;
  } else if (state.kind === 'joined') {
    title = `Welcome to ${opts.siteTitle}`;
    body = `<h1>You have joined ${e(opts.siteTitle)}</h1><p class="ok" role="status">Your role:${role}</p>${err}
<p>Sign in to start.</p>
<form method="post" action="/config/login" id="login-form" data-crumb>${crumb}<input type="hidden" name="next" value="/config">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required maxlength="256" value="${e(state.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024" autofocus>
<button type="submit">Sign in</button></form>`;
  } else {
    title = `Join ${opts.siteTitle}`;
    const password =
      state.kind === 'new'
        ? `<label for="password">Choose a password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024" aria-describedby="password-hint" autofocus>
<p class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters. You will sign in with this email and password.</p>`
        : state.kind === 'password'
          ? `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024" aria-describedby="password-hint" autofocus>
<p class="hint" id="password-hint">This email already has an account: enter its password.</p>`
          : `<p class="hint">You are signed in with this email.</p>`;
    body = `<h1>Join ${e(opts.siteTitle)}</h1>
<p class="summary">You are invited to ${site} as${role}</p>${err}
<form method="post" action="/config/invite" id="login-form" data-crumb${described}>${crumb}<input type="hidden" name="token" value="${e(state.token)}">
<label for="email">Email</label><input id="email" type="email" value="${e(state.email)}" readonly autocomplete="username">
${password}
<button type="submit">Accept and join</button></form>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title>
<style>${STYLE}</style></head>
<body><main>${body}</main>
<script>${LOGIN_SCRIPT}</script></body></html>`;
}
