import { escapeHtml } from '../../shared/html.js';
import { Messages } from '../../shared/errors.js';

export function renderNoSuchWebsite(host: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>No such website</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#222}h1{font-size:1.6rem}</style></head>
<body><main><h1>No such website</h1><p>${escapeHtml(Messages.NO_SUCH_WEBSITE)}</p><p>Nothing is published at <code>${escapeHtml(host)}</code>.</p></main></body></html>`;
}
