import type { FastifyRequest } from 'fastify';
import type { Site } from '../sites/site-queries.js';

/**
 * The website's title for an account page, or undefined when the request was refused before its
 * website was looked up (the input boundary refuses a bad URL in `onRequest`, and the page
 * routes' error handlers still render their page): the card is then shown without it.
 */
export function requestSiteTitle(req: FastifyRequest): string | undefined {
  const site = req.site as Site | null | undefined;
  return site ? site.title : undefined;
}
