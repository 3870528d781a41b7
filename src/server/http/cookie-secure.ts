import type { FastifyRequest } from 'fastify';

/**
 * Whether cookies set in answer to this request get `Secure`: always with SECURE_COOKIES, and
 * whenever the request came over HTTPS. `req.protocol` is 'https' for a TLS socket, or for
 * `X-Forwarded-Proto: https` only when TRUST_PROXY is set (Fastify's trustProxy), so a client
 * talking plain HTTP straight to the server cannot switch it on.
 */
export function cookieSecure(req: FastifyRequest, secureCookies: boolean): boolean {
  return secureCookies || req.protocol === 'https';
}
