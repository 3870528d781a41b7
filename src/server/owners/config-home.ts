import { escapeHtml } from '../../shared/html.js';
import { Role } from '../../shared/enums.js';
import type { Site } from '../sites/site-queries.js';
import type { OwnerSession } from './session-service.js';

const roleNames = Object.fromEntries(
  Object.entries(Role).map(([k, v]) => [v, k.toLowerCase().replace(/_/g, ' ')]),
);

/** The editor's landing page until the React editor replaces it. */
export function renderConfigHome(opts: {
  site: Site;
  owner: OwnerSession;
  roles: number[];
}): string {
  const roles =
    opts.roles.map((r) => roleNames[r] ?? String(r)).join(', ') || 'none on this website';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.site.title)} · Editor</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1d1b}button{font:inherit;padding:.4rem .9rem}</style></head>
<body><main><h1>${escapeHtml(opts.site.title)}</h1>
<p>Signed in as <strong>${escapeHtml(opts.owner.email)}</strong> — role: ${escapeHtml(roles)}.</p>
<p><a href="/">View the website</a> · <a href="/?format=json">Page context (JSON)</a></p>
<form method="post" action="/api/auth/logout" id="logout"><button type="submit">Sign out</button></form></main>
<script>document.getElementById('logout').addEventListener('submit',function(e){e.preventDefault();var m=document.cookie.match(/(?:^|; )crumb=([^;]*)/);fetch('/api/auth/logout',{method:'POST',headers:{'X-CSRF-Token':m?decodeURIComponent(m[1]):''}}).then(function(){location.href='/config/login'})})</script></body></html>`;
}
