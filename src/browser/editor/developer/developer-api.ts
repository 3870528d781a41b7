import type {
  DeveloperStatusJson,
  ThemeErrorJson,
  ThemeFileJson,
  ThemeFilesJson,
  ThemePreviewJson,
  ThemeRenderErrorsJson,
  ThemeSaveJson,
  ThemeVersionDiffJson,
  ThemeVersionsJson,
} from '../../../shared/developer/api.js';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../shared/wire-names.js';
import { Messages } from '../../../shared/errors.js';
import { ApiError, toApiError } from '../../lib/api.js';
import { NETWORK_ERROR_CODE } from '../../lib/api-error.js';
import { readCookie } from '../../lib/cookies.js';
import { editorFetch } from '../editor-fetch.js';

const API = '/api/developer';
const fileUrl = (path: string) =>
  `${API}/files/${path.split('/').map(encodeURIComponent).join('/')}`;

export const developerApi = {
  status: (signal?: AbortSignal) => editorFetch<DeveloperStatusJson>(API, signal ? { signal } : {}),
  setMode: (enabled: boolean) =>
    editorFetch<DeveloperStatusJson>(`${API}/mode`, { method: 'PUT', json: { enabled } }),
  files: () => editorFetch<ThemeFilesJson>(`${API}/files`),
  file: (path: string) => editorFetch<ThemeFileJson>(fileUrl(path)),
  save: (path: string, content: string) =>
    editorFetch<ThemeSaveJson>(fileUrl(path), { method: 'PUT', json: { content } }),
  preview: (body: { path: string; file: string; content: string }, signal: AbortSignal) =>
    editorFetch<ThemePreviewJson>(`${API}/preview`, { method: 'POST', json: body, signal }),
  renderErrors: () => editorFetch<ThemeRenderErrorsJson>(`${API}/errors`),
  versions: () => editorFetch<ThemeVersionsJson>(`${API}/versions`),
  version: (id: string) =>
    editorFetch<ThemeVersionDiffJson>(`${API}/versions/${encodeURIComponent(id)}`),
  restore: (id: string) =>
    editorFetch<ThemeSaveJson>(`${API}/versions/${encodeURIComponent(id)}/restore`, {
      method: 'POST',
      json: {},
    }),
  reset: () => editorFetch<ThemeSaveJson>(`${API}/reset`, { method: 'POST', json: {} }),
  zipUrl: `${API}/zip`,
  /** The zip goes as the raw body (`application/zip`), not JSON. */
  async upload(file: Blob): Promise<ThemeSaveJson> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/zip',
      Accept: 'application/json',
    };
    const crumb = readCookie(CRUMB_COOKIE);
    if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
    let res: Response;
    try {
      res = await fetch(`${API}/zip`, {
        method: 'POST',
        headers,
        body: file,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, NETWORK_ERROR_CODE, Messages.CHECK_CONNECTION);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (res.ok) return body as ThemeSaveJson;
    throw toApiError(res.status, body);
  },
};

/** The `{ file, line, message }` list of a refused save (TEMPLATE_ERRORS), if that is what failed. */
export function templateErrorsOf(err: unknown): ThemeErrorJson[] | undefined {
  if (!(err instanceof ApiError) || err.code !== 'TEMPLATE_ERRORS') return undefined;
  const errors = (err.body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ThemeErrorJson[]) : [];
}

/** Android browsers get no code editor (SPEC 8.7): their soft keyboards break CodeMirror's input. */
export function isAndroid(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}
