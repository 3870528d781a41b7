import type { DomainRoutes } from '../deps.js';

/** The forms domain's HTTP routes. */
export const formsRoutes: DomainRoutes = async () => {};
