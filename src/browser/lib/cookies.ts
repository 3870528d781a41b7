/**
 * Reading cookies the server leaves readable on purpose (`crumb`, the cart cookie, the `ss_auth`
 * sign-in hint). The source is a parameter so the parsing is testable without a document; in the
 * browser it defaults to `document.cookie`, and to '' during SSR.
 */
export function readCookie(name: string, source: string = documentCookies()): string | undefined {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A cookie another script wrote without encoding: hand it back as it is.
      return raw;
    }
  }
  return undefined;
}

export function hasCookie(name: string, source: string = documentCookies()): boolean {
  return readCookie(name, source) !== undefined;
}

function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}
