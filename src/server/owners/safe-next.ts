import { hasControlChar } from '../../shared/clean-text.js';

/**
 * Only dashboard paths are allowed as the after-sign-in destination: no open redirect, and
 * nothing that cannot be a Location header (issue 11: CR/LF there was a 500 from Node's header
 * check, and so was any character above U+00FF). Control characters and backslashes send the
 * owner to /config; the rest is re-serialised by the URL parser, which percent-encodes what a
 * header cannot carry.
 */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/config') || hasControlChar(next) || next.includes('\\'))
    return '/config';
  const url = new URL(next, 'http://owner.invalid');
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.host === 'owner.invalid' && path.startsWith('/config') ? path : '/config';
}
