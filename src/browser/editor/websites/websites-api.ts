import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../shared/wire-names.js';
import type { HandoffJson, WebsiteCreatedJson } from '../../../shared/websites/api.js';
import { readCookie } from '../../lib/cookies.js';
import { toApiError } from '../../lib/api.js';
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/api-error.js';
import { Messages } from '../../../shared/errors.js';
import { editorFetch } from '../editor-fetch.js';

export const WEBSITES_API = '/api/websites';
export const THEMES_API = '/api/themes';

export const websiteApi = (id: string, part = '') =>
  `${WEBSITES_API}/${encodeURIComponent(id)}${part}`;

/**
 * Opens another website's /config: its host has its own session cookie, so the server gives a
 * one-time hand-off link that signs the owner in there (docs/websites.md "Switching").
 */
export async function openWebsiteEditor(id: string): Promise<void> {
  const { url } = await editorFetch<HandoffJson>(websiteApi(id, '/handoff'), { method: 'POST' });
  window.location.assign(url);
}

/** Uploads an export zip as multipart (the one file field), answering the new website. */
export async function importWebsiteZip(file: File): Promise<WebsiteCreatedJson> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const crumb = readCookie(CRUMB_COOKIE);
  if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
  let res: Response;
  try {
    res = await fetch(`${WEBSITES_API}/import`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, Messages.CHECK_CONNECTION);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw toApiError(res.status, body);
  return body as WebsiteCreatedJson;
}

/** 'Deleting on 28 December 2026' style dates. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
